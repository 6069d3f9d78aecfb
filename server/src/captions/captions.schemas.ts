import Type, { type Static } from 'typebox';
import { languages } from '../settings/languages.ts';

/** One of the 22 interface languages, by its two-letter code. */
export const CaptionLanguage = Type.Union(languages.map((language) => Type.Literal(language.code)));

const PostId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
export const captionListParams = Type.Object({ postId: PostId });
export const captionParams = Type.Object({ postId: PostId, language: CaptionLanguage });

/**
 * The largest upload body: a file of the largest size in base64 with room to spare, so a file a little
 * too large is told `caption_too_large` by the service and only a far larger body is refused unread (413).
 */
export function captionBodyLimit(maxBytes: number): number {
  return Math.ceil(maxBytes / 3) * 4 + 1024;
}

/** The caption file's bytes, base64: the server reads the encoding from the bytes themselves. */
export function captionUploadBody(maxBytes: number) {
  return Type.Object(
    { file: Type.String({ minLength: 4, maxLength: captionBodyLimit(maxBytes), pattern: '^[A-Za-z0-9+/]+={0,2}$' }) },
    { additionalProperties: false },
  );
}

export const CaptionSummarySchema = Type.Object({
  language: Type.String(),
  /** The language's own name. */
  label: Type.String(),
  cueCount: Type.Integer(),
  /** Size of the served WebVTT file. */
  bytes: Type.Integer(),
  /** The WebVTT file (`/media/...`), under the video's access rules. */
  url: Type.String(),
  /** The first cues' text, markup removed. */
  preview: Type.Array(Type.String()),
  updatedAt: Type.String(),
});
export type CaptionSummary = Static<typeof CaptionSummarySchema>;

export const CaptionListAnswer = Type.Object({
  statusCode: Type.Literal(2),
  captions: Type.Array(CaptionSummarySchema),
  /** The rules an upload must meet, for the studio to say them. */
  limits: Type.Object({ maxBytes: Type.Integer(), maxCues: Type.Integer(), maxLineChars: Type.Integer() }),
});
export type CaptionListAnswer = Static<typeof CaptionListAnswer>;

export const CaptionUploadAnswer = Type.Object({ statusCode: Type.Literal(2), caption: CaptionSummarySchema });
export type CaptionUploadAnswer = Static<typeof CaptionUploadAnswer>;
