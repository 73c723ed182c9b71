import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A feature's plugin: it is given the app's build options (the parts tests replace) and takes what it needs. */
export type FeaturePlugin<O extends FastifyPluginOptions> =
  | FastifyPluginAsync<O>
  | FastifyPluginAsyncZod<O>
  // What fastify-plugin returns (a plugin that decorates the app).
  | FastifyPluginCallback<O>;

/**
 * Where each of a feature's plugins goes, in the app's order (docs/decisions/070-feature-registry.md):
 * - `guard`: among the HTTP plumbing, before sessions are read (a guard that decides a request first: API keys);
 * - `app`: on the app before /api, wrapped in fastify-plugin, for what it decorates the app with (the payment
 *   provider, the orders' deps) and the ports it fills for the features below it, which cannot import it;
 * - `api`: its routes, jobs and start-up work under /api;
 * - `root`: addresses outside /api, registered after it (punchout, robots.txt, the public pages' shells).
 */
export const stages = ['guard', 'app', 'api', 'root'] as const;
export type Stage = (typeof stages)[number];

/** What a feature folder declares in its `<name>.feature.ts`; the app registers it from src/server/feature-list.ts. */
export type Feature<O extends FastifyPluginOptions = FastifyPluginOptions> = {
  /** The folder's name. */
  name: string;
  /** Features whose plugins of the same stage go first: what they decorate, this one reads. */
  after?: readonly string[];
} & { [S in Stage]?: FeaturePlugin<O> };

/** Declares a feature (the identity function: it gives the descriptor its type where it is written). */
export const defineFeature = <O extends FastifyPluginOptions = FastifyPluginOptions>(
  feature: Feature<O>,
): Feature<O> => feature;

/**
 * The features with a plugin for `stage`, each after those it names in `after`, otherwise in the list's order (the
 * folders' alphabetical order, so adding a feature moves no other). A name no feature has, or a cycle, throws.
 */
export function inStageOrder<O extends FastifyPluginOptions>(
  features: readonly Feature<O>[],
  stage: Stage,
): Feature<O>[] {
  const names = new Set(features.map((f) => f.name));
  for (const f of features)
    for (const before of f.after ?? [])
      if (!names.has(before)) throw new Error(`feature ${f.name}: after names no feature: ${before}`);
  const here = features.filter((f) => f[stage]);
  const placed = new Set<string>();
  const order: Feature<O>[] = [];
  while (order.length < here.length) {
    const next = here.find(
      (f) =>
        !placed.has(f.name) && (f.after ?? []).every((n) => placed.has(n) || !here.some((h) => h.name === n)),
    );
    if (!next) {
      const left = here.filter((f) => !placed.has(f.name)).map((f) => f.name);
      throw new Error(`features ${stage}: a cycle in their order: ${left.join(', ')}`);
    }
    placed.add(next.name);
    order.push(next);
  }
  return order;
}

/** Registers every feature's plugin for `stage` on `app`, in order, each given the app's build options. */
export async function registerStage<O extends FastifyPluginOptions>(
  app: FastifyInstance,
  features: readonly Feature<O>[],
  stage: Stage,
  options: O,
): Promise<void> {
  for (const feature of inStageOrder(features, stage)) {
    // Each plugin was checked against the options when the list was typed (app.ts): here they are only passed on.
    await app.register(feature[stage] as FastifyPluginAsync, options);
  }
}
