import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** Deep enough for any of our schemas; a deeper body is refused by validation anyway. */
const MAX_DEPTH = 32;

/** The first place in value (a parsed query, params, JSON body or socket message) where a string holds U+0000, if any. */
export function nulAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '\\0')}`;
    const found = nulAt(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reached a query failed there with a 500 (found by
 * route-fuzz.test.ts on GET /api/tag/translate?tag=%00). No field of ours has a use for it, so any query,
 * path parameter or JSON body holding one is refused before validation, for every route at once.
 */
export default fp(
  async function textInput(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const field = nulAt(request.query, 'querystring') ?? nulAt(request.params, 'params') ?? nulAt(request.body, 'body');
      if (field) throw new AppError('invalid_input', { details: [{ field, problem: 'must not contain U+0000' }] });
    });
  },
  { name: 'text-input' },
);
