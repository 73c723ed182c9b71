import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@shared/common/common.schema';

/** The OpenAPI document, generated from the routes' zod schemas, and its viewer at /api/docs. */
export const swaggerPlugin = fp(
  async (app) => {
    const { config } = app;
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${config.shop.name} API`,
          version: '1.0.0',
          description: 'The shop API, under /api.',
        },
        servers: [{ url: config.baseUrl }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger', dependencies: ['config'] },
);

/** Documents the error body for the given statuses in a route's response schema. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}

/** How every paged list that answers a plain array tells the client about the next page. */
export const pagedListDescription =
  'The body is an array (one page). `X-Total-Count` says how many items match the filters; `X-Next-Cursor` (and ' +
  '`Link: <…>; rel="next"`) carries the cursor of the next page — pass it back as `cursor` with the same ' +
  'parameters. No cursor header: this is the last page.';
