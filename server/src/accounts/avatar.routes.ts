import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { sessionUserId } from './auth.plugin.ts';
import type { AvatarService } from './avatar.service.ts';

/** An avatar picture is at most this large; phones' full-size photos fit. */
export const AVATAR_MAX_BYTES = 15 * 1024 * 1024;

/**
 * POST /media-api/upload (multipart: purpose=avatar, file) and POST /api/user/random-avatar. Unless the app
 * already parses multipart, parsing is registered inside this plugin only, so other routes keep refusing it.
 */
export default async function avatarRoutes(app: FastifyInstance, { avatars }: { avatars: AvatarService }) {
  // Another plugin may already have registered multipart parsing higher up; registering it twice would fail.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const limits = { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 6 };
  const rateLimit = { max: 30, timeWindow: 60 * 60_000 };

  app.post('/media-api/upload', { preHandler: app.requireUser, config: { rateLimit } }, async (request) => {
    const userId = sessionUserId(request);
    let picture: Buffer | undefined;
    let purpose: string | undefined;
    try {
      for await (const part of request.parts({ limits })) {
        if (part.type === 'field' && part.fieldname === 'purpose') purpose = String(part.value);
        else if (part.type === 'file' && part.fieldname === 'file' && !picture) picture = await part.toBuffer();
        else if (part.type === 'file') await part.toBuffer();
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large');
      if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type');
      throw new AppError('malformed_body');
    }
    if (purpose !== undefined && purpose !== 'avatar') {
      throw new AppError('invalid_input', { details: [{ field: 'purpose', problem: 'only avatar uploads are taken here' }] });
    }
    if (!picture?.length) throw new AppError('no_files');
    return envelope({ avatar: await avatars.upload(userId, picture) });
  });

  app.post('/api/user/random-avatar', { preHandler: app.requireUser, config: { rateLimit } }, async (request) =>
    envelope({ avatar: await avatars.random(sessionUserId(request)) }),
  );
}
