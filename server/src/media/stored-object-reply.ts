import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, parseByteRange } from './byte-range.ts';
import type { Storage, StoredObject } from './storage.ts';

/**
 * Streams a stored object as the answer, with ETag revalidation (304) and one byte range (206, or 416
 * outside the object) when `If-Range` still matches. The caller has checked access and set the content
 * type and caching headers. False when the object vanished after its stat: the caller answers that.
 * A boolean, not the reply: a reply is a thenable, so an async function answering it would resolve to
 * undefined once the response ends, and the caller would answer a second time.
 */
export async function replyWithObject(
  storage: Storage,
  object: StoredObject,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  reply.header('accept-ranges', 'bytes').header('etag', object.etag).header('last-modified', object.modifiedAt.toUTCString());
  if (etagMatches(request.headers['if-none-match'], object.etag)) {
    reply.status(304).send();
    return true;
  }

  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === object.etag ? parseByteRange(request.headers.range, object.size) : undefined;
  if (range === 'unsatisfiable') {
    reply.status(416).header('content-range', `bytes */${object.size}`).send();
    return true;
  }

  const stream = await storage.get(object.key, range);
  if (!stream) return false;
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
  }
  const length = range ? range.end - range.start + 1 : object.size;
  reply.header('content-length', length).send(stream);
  return true;
}
