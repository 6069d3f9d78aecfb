import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorEnvelope } from '../http/errors.ts';
import { etagMatches, parseByteRange } from './byte-range.ts';
import type { Storage } from './storage.ts';
import { isValidStorageKey } from './storage-keys.ts';

/** Stored objects never change under a key (a new rendition gets a new media name), so caches may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded bytes are kept for processing only: what is served is always re-encoded (no EXIF, no polyglots). */
const ORIGINAL = /\/original\.[A-Za-z0-9]+$/;

/** A missing file is a real 404 for browsers and CDNs, with the usual envelope as its body. */
function notFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-store').send(errorEnvelope('not_found').body);
}

/** `GET /media/<name>/<rendition>.<ext>`: the object stored under `media/...`, streamed, with byte ranges for players. */
export default async function mediaRoutes(app: FastifyInstance, { storage }: { storage: Storage }) {
  // Media is already compressed; gzip would also break byte ranges.
  app.get<{ Params: { '*': string } }>('/media/*', { compress: false }, async (request, reply) => {
    const key = `media/${request.params['*']}`;
    const object = isValidStorageKey(key) && !ORIGINAL.test(key) ? await storage.stat(key) : undefined;
    if (!object) return notFound(reply);

    reply
      .header('content-type', object.contentType)
      .header('accept-ranges', 'bytes')
      .header('etag', object.etag)
      .header('last-modified', object.modifiedAt.toUTCString())
      .header('cache-control', IMMUTABLE);
    if (etagMatches(request.headers['if-none-match'], object.etag)) return reply.status(304).send();

    const ifRange = request.headers['if-range'];
    const range =
      ifRange === undefined || ifRange === object.etag ? parseByteRange(request.headers.range, object.size) : undefined;
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${object.size}`).send();
    }

    const stream = await storage.get(key, range);
    if (!stream) return notFound(reply);
    if (range) {
      reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
    }
    const length = range ? range.end - range.start + 1 : object.size;
    return reply.header('content-length', length).send(stream);
  });
}
