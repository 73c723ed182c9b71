import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
