import { describe, expect, it } from 'vitest';
import { productPath, productSlug } from './product-slug';

describe('productSlug', () => {
  it('reads as the name in lower-case words', () => {
    expect(productSlug('7.5 kW Rotary Screw Compressor')).toBe('7-5-kw-rotary-screw-compressor');
    expect(productSlug('  Impact Wrench ½" – Heavy Duty! ')).toBe('impact-wrench-1-2-heavy-duty');
  });

  it('keeps accented letters without their accents', () => {
    expect(productSlug('Compresseur à vis Größe')).toBe('compresseur-a-vis-grosse');
  });

  it('has something to show for a name without letters or digits', () => {
    expect(productSlug('***')).toBe('product');
  });

  it('stops at a word boundary within 80 characters', () => {
    const slug = productSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('word')).toBe(true);
  });

  it('builds the product URL from the id and the slug', () => {
    expect(productPath('abc', 'Air Hose 10 m')).toBe('/product/abc/air-hose-10-m');
  });
});
