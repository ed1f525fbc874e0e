import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { endpoints } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from './register-endpoint.ts';

function envelopeOf(obj: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['res', 'resMsg', 'obj'],
    properties: { res: { const: 1 }, resMsg: { const: 'success' }, obj },
  };
}

const refusalSchema = {
  type: 'object',
  required: ['res', 'resMsg', 'code'],
  properties: {
    res: { enum: [0, 401] },
    resMsg: { type: 'string' },
    code: { type: 'string' },
    field: { type: 'string' },
    details: {
      type: 'object',
      description: 'Some refusals only: a limit ({kind, period, limit, used, resetsAt}) or an exclusion ({exclusion, endsAt})',
    },
  },
};

/** The OpenAPI document, generated from the same zod schemas the server validates with. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, definition] of Object.entries(endpoints)) {
    const requestSchema = z.toJSONSchema(definition.request, { io: 'input', unrepresentable: 'any' });
    const responseSchema = z.toJSONSchema(definition.response, { io: 'output', unrepresentable: 'any' });
    paths[API_PREFIX + path] = {
      post: {
        tags: [definition.tag],
        summary: definition.summary,
        security: definition.isAuthRequired ? [{ token: [] }] : [],
        requestBody: {
          required: false,
          content: {
            'application/json': { schema: requestSchema },
            'application/x-www-form-urlencoded': { schema: requestSchema },
          },
        },
        responses: {
          200: {
            description: 'Success envelope, or a refusal `{res:0, resMsg, code}`',
            content: { 'application/json': { schema: { oneOf: [envelopeOf(responseSchema), refusalSchema] } } },
          },
          401: { description: 'No or expired session', content: { 'application/json': { schema: refusalSchema } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mayur API',
      version: '0.1.0',
      description: 'Every call is POST under /api; see DESIGN.md §3 for the envelope.',
    },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    paths,
  };
}

/** Serves the document and its browser UI at `/api/docs` (by default only outside production, API_DOCS). */
export async function registerApiDocs(app: FastifyInstance, isServed: boolean) {
  if (!isServed) return;
  await app.register(swagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });
}
