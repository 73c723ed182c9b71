import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  categoryCountsQuery,
  changeState,
  emptyState,
  facetsQuery,
  numberText,
  pageList,
  rebaseChange,
  readState,
  withSpec,
  writeState,
} from './search-url';

const read = (query: string) => readState(new URLSearchParams(query));

describe('catalogue URL state', () => {
  it('reads every part of the view from the URL', () => {
    expect(
      read(
        'q=rotary+screw&category=compressors&brand=Atlas&brand=Norden&inStock=true&price=100..500' +
          '&spec.pressure=6..10&spec.airflow=1000..&sort=price_asc&page=3&pageSize=12',
      ),
    ).toEqual({
      q: 'rotary screw',
      category: 'compressors',
      brands: ['Atlas', 'Norden'],
      fits: null,
      inStock: true,
      price: { min: 100, max: 500 },
      specs: { pressure: { min: 6, max: 10 }, airflow: { min: 1000, max: null } },
      sort: 'price_asc',
      page: 3,
      pageSize: 12,
    });
  });

  it('drops values the API would refuse instead of failing the whole page', () => {
    expect(
      read(
        'category=Not A Slug&sort=cheapest&page=0&pageSize=5000&price=10..1&spec.Bad Key=1..2&spec.noise=x',
      ),
    ).toEqual(emptyState);
    expect(read('page=-2').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    // Page numbers stop where the API stops (10,000 results).
    expect(read('pageSize=100&page=101').page).toBe(1);
    expect(read('pageSize=100&page=100').page).toBe(100);
  });

  it('writes the same URL for the same view, defaults left out, and reads it back', () => {
    const state = {
      ...emptyState,
      q: 'drill',
      specs: { torque: { min: 50, max: null }, voltage: { min: null, max: 18 } },
      brands: ['Voltmark'],
      sort: 'name' as const,
      page: 2,
    };
    const url = writeState(state).toString();
    expect(url).toBe('q=drill&brand=Voltmark&spec.torque=50..&spec.voltage=..18&sort=name&page=2');
    expect(read(url)).toEqual(state);
    expect(writeState(emptyState).toString()).toBe('');
  });

  it('asks the API for the products with every parameter explicit, and for the facets apart', () => {
    const view = { ...emptyState, category: 'grinders', sort: 'price_asc' as const, page: 3 };
    expect(apiQuery(view)).toBe('category=grinders&sort=price_asc&page=3&pageSize=24&facets=false');
    // Every page and order of the same filters shares one facet request.
    expect(facetsQuery(view)).toBe('category=grinders&pageSize=1');
    expect(facetsQuery({ ...view, sort: 'name', page: 1 })).toBe(facetsQuery(view));
  });

  it('counts the category links by the search text alone, the same request as the facets when it is alone', () => {
    const searched = { ...emptyState, q: 'impact', pageSize: 48 };
    expect(categoryCountsQuery(searched)).toBe('q=impact&pageSize=1');
    expect(categoryCountsQuery(searched)).toBe(facetsQuery(searched));
    const narrowed = { ...searched, category: 'air-tools', brands: ['Atlas'], inStock: true, page: 2 };
    expect(categoryCountsQuery(narrowed)).toBe('q=impact&pageSize=1');
    // Without text the category tree's own counts serve: nothing to ask.
    expect(categoryCountsQuery({ ...narrowed, q: '' })).toBeNull();
  });

  it('goes back to page 1 on any change but paging', () => {
    const onPage3 = { ...emptyState, page: 3 };
    expect(changeState(onPage3, { sort: 'newest' }).page).toBe(1);
    expect(changeState(onPage3, { page: 4 }).page).toBe(4);
    expect(withSpec(onPage3, 'pressure', { min: 6, max: null })).toMatchObject({
      page: 1,
      specs: { pressure: { min: 6, max: null } },
    });
    expect(withSpec({ ...onPage3, specs: { pressure: { min: 6, max: 8 } } }, 'pressure', null).specs).toEqual(
      {},
    );
  });

  it('rounds bounds outwards to four decimals, never moving exact ones', () => {
    expect(numberText(7.584233022, 'min')).toBe('7.5842');
    expect(numberText(8.273708751, 'max')).toBe('8.2738');
    expect(numberText(6.1, 'max')).toBe('6.1');
    expect(numberText(6.1, 'min')).toBe('6.1');
    expect(numberText(1e-9, 'min')).toBe('0');
  });

  it('lists page numbers around the current one with gaps', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(1, 3)).toEqual([1, 2, 3]);
    expect(pageList(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageList(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
  });
});

describe('a change made from an older view', () => {
  it('applies only what the control changed onto the newest view, spec ranges key by key', () => {
    const from = read('category=compressors&page=3');
    const latest = read('category=compressors&sort=price_asc&spec.pressure=6..');
    expect(rebaseChange(latest, from, changeState(from, { pageSize: 48 }))).toEqual(
      read('category=compressors&sort=price_asc&spec.pressure=6..&pageSize=48'),
    );
    expect(rebaseChange(latest, from, withSpec(from, 'airflow', { min: 1000, max: null }))).toEqual(
      read('category=compressors&sort=price_asc&spec.pressure=6..&spec.airflow=1000..'),
    );
    // Clearing a range the older view had removes it from the newest one too.
    const withAirflow = read('spec.airflow=1000..');
    expect(
      rebaseChange(
        read('spec.airflow=1000..&sort=newest'),
        withAirflow,
        withSpec(withAirflow, 'airflow', null),
      ),
    ).toEqual(read('sort=newest'));
  });
});
