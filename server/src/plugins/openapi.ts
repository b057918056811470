import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas the routes validate with. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Church Community Platform API',
        version: '1.0.0',
        description:
          'Every response is `{ status: "success", data }` or `{ status: "error", message }`. ' +
          'People authenticate with `Authorization: Bearer <JWT>` from /api/auth/login; developer keys use `X-API-Key`.',
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          // A check-in kiosk's own key (issue 33): only the /api/kiosk routes take it.
          kioskKey: { type: 'apiKey', in: 'header', name: 'X-Kiosk-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
});

export async function openapiRoute(app: FastifyInstance) {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
