import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { sessionUserId } from '../../accounts/auth.plugin.ts';
import { envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { CoverService } from './cover.service.ts';
import { type CoverFrameBody, type CoverParams, coverFrameBody, coverParams } from './cover-schema.ts';
import { COVER_MAX_BYTES } from './cover-stills.ts';

/** Covers are rendered by a job each time: a creator trying frames gets this many requests an hour. */
const rateLimit = { max: 60, timeWindow: 60 * 60_000 };

/**
 * The studio's cover tab, owner only: `GET /api/studio/post/{postId}/cover`, `POST .../cover/frame {timeMs}`
 * and `POST .../cover/image` (multipart, one part `file`). A post that is not the caller's is `not_found`.
 */
export default async function coverRoutes(app: FastifyInstance, { covers }: { covers: CoverService }) {
  // Multipart parsing is registered inside this plugin only (unless the app already parses it), as for avatars.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const limits = { fileSize: COVER_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 };

  app.get('/api/studio/post/:postId/cover', { schema: { params: coverParams }, preHandler: app.requireUser }, async (request) =>
    envelope({ cover: await covers.view(sessionUserId(request), (request.params as CoverParams).postId) }),
  );

  app.post(
    '/api/studio/post/:postId/cover/frame',
    { schema: { params: coverParams, body: coverFrameBody }, preHandler: app.requireUser, config: { rateLimit } },
    async (request) => {
      const { postId } = request.params as CoverParams;
      const { timeMs } = request.body as CoverFrameBody;
      return envelope({ cover: await covers.chooseFrame(sessionUserId(request), postId, timeMs) });
    },
  );

  app.post(
    '/api/studio/post/:postId/cover/image',
    { schema: { params: coverParams }, preHandler: app.requireUser, config: { rateLimit } },
    async (request) => {
      const userId = sessionUserId(request);
      const { postId } = request.params as CoverParams;
      // Refuses a stranger's post (and an ineligible one) before a byte of the body is read.
      await covers.view(userId, postId);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type');
      let picture: Buffer | undefined;
      try {
        for await (const part of request.parts({ limits })) {
          if (part.type === 'file' && part.fieldname === 'file' && !picture) picture = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large');
        throw new AppError('malformed_body');
      }
      if (!picture?.length) throw new AppError('no_files');
      return envelope({ cover: await covers.chooseImage(userId, postId, picture) });
    },
  );
}
