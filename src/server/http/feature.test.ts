import { describe, expect, it } from 'vitest';
import { defineFeature, inStageOrder, type Feature } from './feature';

const plugin = async () => {};
const names = (list: Feature[]) => list.map((f) => f.name);

describe('inStageOrder', () => {
  it("keeps the list's order, moving a feature after those it names", () => {
    const list = [
      defineFeature({ name: 'a', api: plugin, after: ['c'] }),
      defineFeature({ name: 'b', api: plugin }),
      defineFeature({ name: 'c', api: plugin }),
    ];
    expect(names(inStageOrder(list, 'api'))).toEqual(['b', 'c', 'a']);
  });

  it('takes only the features with a plugin for the stage, ignoring an `after` of a feature without one', () => {
    const list = [
      defineFeature({ name: 'a', app: plugin, after: ['b'] }),
      defineFeature({ name: 'b', api: plugin }),
    ];
    expect(names(inStageOrder(list, 'app'))).toEqual(['a']);
    expect(names(inStageOrder(list, 'root'))).toEqual([]);
  });

  it('refuses an `after` naming no feature', () => {
    const list = [defineFeature({ name: 'a', api: plugin, after: ['nope'] })];
    expect(() => inStageOrder(list, 'api')).toThrow('feature a: after names no feature: nope');
  });

  it('refuses a cycle', () => {
    const list = [
      defineFeature({ name: 'a', api: plugin, after: ['b'] }),
      defineFeature({ name: 'b', api: plugin, after: ['a'] }),
    ];
    expect(() => inStageOrder(list, 'api')).toThrow('features api: a cycle in their order: a, b');
  });
});
