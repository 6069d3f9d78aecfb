import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { errorEnvelope } from '../http/errors.ts';
import { type MediaAccessRepository, mediaNameOfKey } from './media-access.ts';
import type { Storage } from './storage.ts';
import { isValidStorageKey } from './storage-keys.ts';
import { replyWithObject } from './stored-object-reply.ts';

/**
 * Public media may be kept, but not for good: a takedown must be able to withdraw it. Browsers keep it an
 * hour (then revalidate by ETag, which checks access again); a CDN a week, or until the takedown's purge
 * (media/README.md "Takedowns"). Never `immutable`.
 */
export const PUBLIC_MEDIA_CACHE = 'public, max-age=3600, s-maxage=604800';
/** Media only its owner may see: never stored by a browser or a shared cache. */
export const OWNER_MEDIA_CACHE = 'private, no-store';

/** Uploaded bytes are kept for processing only: what is served is always re-encoded (no EXIF, no polyglots). */
const ORIGINAL = /\/original\.[A-Za-z0-9]+$/;

/** What `?download=1` may fetch: a post's MP4 renditions (`mp4-720.mp4`), never stills or HLS pieces. */
const DOWNLOADABLE = /^media\/([A-Za-z0-9_-]{1,64})\/mp4-\d{3,4}\.mp4$/;

/** A missing file is a real 404 for browsers and CDNs, with the usual envelope as its body. */
function notFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-store').send(errorEnvelope('not_found').body);
}

interface MediaFiles {
  readonly storage: Storage;
  readonly access: MediaAccessRepository;
}

/** The Cache-Control a caller gets for the media name of key, or undefined when they may not see it. */
async function cachePolicyFor(access: MediaAccessRepository, key: string, request: FastifyRequest) {
  const name = mediaNameOfKey(key);
  const audience = name ? await access.audience(name) : undefined;
  if (audience?.kind === 'everyone') return PUBLIC_MEDIA_CACHE;
  const userId = request.session.userId;
  if (
    audience?.kind === 'owner' &&
    userId !== undefined &&
    (audience.ownerId === userId || audience.performerIds.includes(userId))
  )
    return OWNER_MEDIA_CACHE;
  return undefined;
}

/**
 * Streams the object stored under key to a caller allowed to see its media name, with byte ranges for
 * players and ETag revalidation. Everyone else gets the same 404 as for a missing file.
 */
async function serveObject(
  { storage, access }: MediaFiles,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  /** A file name: served as a download (Content-Disposition attachment), kept by no cache. */
  attachment?: string,
) {
  if (!isValidStorageKey(key)) return notFound(reply);
  const allowed = await cachePolicyFor(access, key, request);
  const object = allowed ? await storage.stat(key) : undefined;
  if (!allowed || !object) return notFound(reply);
  // A download ends when its creator turns downloads off: no shared cache may go on serving it.
  const cacheControl = attachment ? OWNER_MEDIA_CACHE : allowed;
  if (attachment) reply.header('content-disposition', `attachment; filename="${attachment}"`);

  reply.header('content-type', object.contentType).header('cache-control', cacheControl);
  // Otherwise the file went between stat and read (a new cover or caption retired it).
  return (await replyWithObject(storage, object, request, reply)) ? reply : notFound(reply);
}

/** A thumbnail address: `/thumber/{peek|mini}/{media name}.{jpg|png}`. */
const thumberParams = Type.Object({
  size: Type.Union([Type.Literal('peek'), Type.Literal('mini')]),
  file: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}\\.(jpg|png)$' }),
});

export default async function mediaRoutes(app: FastifyInstance, files: MediaFiles) {
  // Media is already compressed; gzip would also break byte ranges.
  /**
   * `GET /media/<name>/<rendition>.<ext>`: the object stored under `media/...`; never an uploaded original.
   * With `?download` (any value), an MP4 rendition as an attachment, when the post allows downloads.
   */
  app.get<{ Params: { '*': string }; Querystring: { download?: unknown } }>(
    '/media/*',
    { compress: false },
    async (request, reply) => {
      const key = `media/${request.params['*']}`;
      if (ORIGINAL.test(key)) return notFound(reply);
      if (request.query.download === undefined) return serveObject(files, key, request, reply);
      // `?download=1`: the post's MP4 as a file to keep, only when its creator allows downloads.
      const name = DOWNLOADABLE.exec(key)?.[1];
      if (!name || !(await files.access.allowsDownload(name))) return notFound(reply);
      return serveObject(files, key, request, reply, `${name}.mp4`);
    },
  );

  /**
   * Spec §7 thumbnails: the `peek` (180 px wide) or `mini` (64 px) still the media pipeline stored for the
   * file as variant `peek-jpg`, `mini-png`, ... (media/processing/README.md), under its deterministic key.
   */
  app.get<{ Params: Static<typeof thumberParams> }>(
    '/thumber/:size/:file',
    { compress: false, schema: { params: thumberParams } },
    (request, reply) => {
      const { size, file } = request.params;
      const dot = file.lastIndexOf('.');
      const format = file.slice(dot + 1);
      return serveObject(files, `media/${file.slice(0, dot)}/${size}-${format}.${format}`, request, reply);
    },
  );
}
