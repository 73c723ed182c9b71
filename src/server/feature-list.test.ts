import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the generator is a plain .mjs script (the build runs it), without types.
import { FEATURE_LIST, featureFolders, featureListSource } from '../../scripts/feature-list.mjs';
import type { BuildOptions } from './app';
import { features } from './feature-list';
import { inStageOrder, type Feature } from './http/feature';

describe('the feature list', () => {
  it('is the generated one: every folder in src/server/features, none missing (run `npm run features`)', async () => {
    expect(readFileSync(FEATURE_LIST, 'utf8')).toBe(await featureListSource());
  });

  it('holds one feature per folder, named as its folder', () => {
    expect(features.map((f) => f.name)).toEqual(featureFolders());
  });

  it('registers the payment provider before the orders deps that charge through it', () => {
    const all: readonly Feature<BuildOptions>[] = features;
    expect(inStageOrder(all, 'app').map((f) => f.name)).toEqual(['payments', 'orders', 'search']);
  });
});
