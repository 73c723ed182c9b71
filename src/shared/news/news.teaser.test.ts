import { describe, expect, it } from 'vitest';
import { NEWS_TEASER_LENGTH, newsTeaser } from './news.teaser';

describe('newsTeaser', () => {
  it('keeps a short body whole', () => {
    expect(newsTeaser('Short and sweet.')).toBe('Short and sweet.');
  });

  it('cuts a long body to at most 200 characters plus an ellipsis, at a word boundary', () => {
    const body = 'Compressed air is the fourth utility in most workshops. '.repeat(10);
    const teaser = newsTeaser(body);
    expect(teaser.endsWith('…')).toBe(true);
    expect(teaser.length).toBeLessThanOrEqual(NEWS_TEASER_LENGTH + 1);
    expect(teaser.length).toBeGreaterThan(NEWS_TEASER_LENGTH * 0.8);
    expect(body.startsWith(teaser.slice(0, -1))).toBe(true);
    expect(body[teaser.length - 1]).toMatch(/[\s.]/);
  });

  it('cuts a body without spaces at exactly 200 characters', () => {
    expect(newsTeaser('x'.repeat(500))).toBe(`${'x'.repeat(200)}…`);
  });

  it('folds paragraph breaks into spaces', () => {
    expect(newsTeaser('One.\n\nTwo.')).toBe('One. Two.');
  });
});
