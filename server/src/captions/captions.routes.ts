import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { sessionUserId } from '../accounts/auth.plugin.ts';
import { OK_ACTION, OK_DATA } from '../http/envelope.ts';
import {
  type CaptionListAnswer,
  type CaptionUploadAnswer,
  captionBodyLimit,
  captionListParams,
  captionParams,
  captionUploadBody,
} from './captions.schemas.ts';
import type { CaptionsService } from './captions.service.ts';

/** The studio's caption calls (captions/README.md): owner only; cookie writes pass the CSRF check of auth.plugin.ts. */
export default async function captionRoutes(app: FastifyInstance, { captions }: { captions: CaptionsService }) {
  const { maxBytes } = captions.limits;
  const body = captionUploadBody(maxBytes);

  app.get(
    '/api/studio/post/:postId/captions',
    { schema: { params: captionListParams }, preHandler: app.requireUser },
    async (request) => {
      const { postId } = request.params as Static<typeof captionListParams>;
      const answer: CaptionListAnswer = {
        statusCode: OK_DATA,
        captions: await captions.list(sessionUserId(request), postId),
        limits: { ...captions.limits },
      };
      return answer;
    },
  );

  app.put(
    '/api/studio/post/:postId/captions/:language',
    { schema: { params: captionParams, body }, preHandler: app.requireUser, bodyLimit: captionBodyLimit(maxBytes) },
    async (request) => {
      const { postId, language } = request.params as Static<typeof captionParams>;
      const { file } = request.body as Static<typeof body>;
      const caption = await captions.upload(sessionUserId(request), postId, language, Buffer.from(file, 'base64'));
      const answer: CaptionUploadAnswer = { statusCode: OK_DATA, caption };
      return answer;
    },
  );

  app.delete(
    '/api/studio/post/:postId/captions/:language',
    { schema: { params: captionParams }, preHandler: app.requireUser },
    async (request) => {
      const { postId, language } = request.params as Static<typeof captionParams>;
      await captions.remove(sessionUserId(request), postId, language);
      return { statusCode: OK_ACTION };
    },
  );
}
