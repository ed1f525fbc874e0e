import { ADMIN_API_PREFIX, adminEndpoints } from '@mayur/contracts/admin';
import { z } from 'zod';

/** The back office API as OpenAPI 3.1, generated from the same zod schemas and access lists the server enforces. */
export function buildAdminOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, definition] of Object.entries(adminEndpoints)) {
    const access = definition.access;
    paths[ADMIN_API_PREFIX + path] = {
      post: {
        tags: [definition.tag],
        summary: definition.summary,
        description:
          access === 'public'
            ? 'No session needed.'
            : access === 'session'
              ? 'Any signed-in operator.'
              : `Roles allowed: ${access.join(', ')}; any other role is refused with 403 FORBIDDEN (audited).`,
        security: access === 'public' ? [] : [{ operatorToken: [] }],
        'x-roles': access,
        'x-audited': definition.audit,
        requestBody: {
          content: {
            'application/json': { schema: z.toJSONSchema(definition.request, { io: 'input', unrepresentable: 'any' }) },
          },
        },
        responses: {
          200: {
            description: 'Success envelope {res:1, resMsg, obj}, or a refusal {res:0, resMsg, code}',
            content: {
              'application/json': { schema: z.toJSONSchema(definition.response, { io: 'output', unrepresentable: 'any' }) },
            },
          },
          401: { description: 'No, expired or revoked operator session' },
          403: { description: 'The operator’s role may not call this endpoint' },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Mayur back office API', version: '0.1.0' },
    components: { securitySchemes: { operatorToken: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
