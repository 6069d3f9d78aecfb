import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

/** Deep enough for any of our schemas; a deeper body is refused by validation anyway. */
const MAX_DEPTH = 32;

/**
 * Whether value is parsed data to look into: an array or a plain object (JSON; a query string's object,
 * whose prototype is a bare dictionary). An instance of a class, such as the request stream a page takes
 * as its body, is a graph of sockets and servers that a walk 32 levels deep would never finish.
 */
function isParsedData(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** The first place in value (a parsed query, params, JSON body or socket message) where a string holds U+0000, if any. */
export function nulAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (!isParsedData(value) || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '\\0')}`;
    const found = nulAt(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The first place in value where a number is not finite (Infinity, -Infinity, NaN), if any. */
function infiniteAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (!isParsedData(value) || depth > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = infiniteAt(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Input PostgreSQL cannot take, refused as invalid_input for every route at once (both were 500s found by
 * route-fuzz.test.ts):
 * - U+0000 in text (GET /api/tag/translate?tag=%00): no field of ours has a use for it; refused before
 *   validation in a query, path parameter or JSON body.
 * - Numbers that are not finite (GET /api/post/Infinity): Ajv's type coercion turns the text "Infinity" or
 *   "1e400" into Infinity and then lets it pass `integer` and `maximum`, so it reached a bigint column.
 *   Checked after validation, on the coerced values.
 */
export default fp(
  async function inputGuards(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const field = nulAt(request.query, 'querystring') ?? nulAt(request.params, 'params') ?? nulAt(request.body, 'body');
      if (field) throw new AppError('invalid_input', { details: [{ field, problem: 'must not contain U+0000' }] });
    });
    app.addHook('preHandler', async (request) => {
      const field =
        infiniteAt(request.query, 'querystring') ?? infiniteAt(request.params, 'params') ?? infiniteAt(request.body, 'body');
      if (field) throw new AppError('invalid_input', { details: [{ field, problem: 'must be a finite number' }] });
    });
  },
  { name: 'input-guards' },
);
