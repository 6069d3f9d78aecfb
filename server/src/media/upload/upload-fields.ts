import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { AppError } from '../../http/errors.ts';
import { TAGS_MAX, TITLE_MAX } from '../../posts/posts.service.ts';
import { normalizeTag } from '../../posts/tag-name.ts';
import { UPLOAD_TOKEN_PATTERN } from './upload-tokens.service.ts';

const Flag = Type.Union([Type.Literal('0'), Type.Literal('1')]);
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** The longest tag the tags table takes (tags.tag CHECK). */
const TAG_MAX_LENGTH = 64;

/**
 * The text fields of `POST /media-api/upload-preprocess` (SPEC §7). Multipart fields are strings; each may
 * come once. `upToken` must come before the first file (it is checked before any file is read).
 */
export const uploadFieldsSchema = Type.Object(
  {
    purpose: Type.Union([Type.Literal('post'), Type.Literal('post-multi')]),
    upToken: Type.String({ pattern: UPLOAD_TOKEN_PATTERN }),
    title: Type.Optional(Type.String({ maxLength: TITLE_MAX })),
    /** Separated by spaces or commas; each is normalised like every tag (posts/tag-name.ts). */
    tags: Type.Optional(Type.String({ maxLength: 4000 })),
    /** The post's orientation (1 straight, 2 gay, 3 trans); default the uploader's preference. */
    lgbt: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')])),
    /** '1': the video files are clips to join into one video, in the order sent. */
    clips: Type.Optional(Flag),
    /** '1': the post becomes a draft when processed instead of going public (studio/README.md). */
    draft: Type.Optional(Flag),
    /** '1': recorded with the camera in the browser; kept in the upload log. */
    recorded: Type.Optional(Flag),
    /** The client's own description of the device; kept in the upload log. */
    device: Type.Optional(Type.String({ maxLength: 200 })),
    /** A URL import of the user's (uid, or its id as `scraperJob`) that this upload completes. */
    scraperUId: Type.Optional(Type.String({ pattern: UUID })),
    scraperJob: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,15}$' })),
  },
  { additionalProperties: false },
);
export type UploadFields = Static<typeof uploadFieldsSchema>;

/** Checks the received fields against the schema; invalid_input names the first field that fails. */
export function parseUploadFields(fields: ReadonlyMap<string, string>): UploadFields {
  const value = Object.fromEntries(fields);
  const first = Value.Errors(uploadFieldsSchema, value)[0];
  if (first) {
    const params = first.params as { requiredProperties?: string[]; additionalProperties?: string[] };
    const field = first.instancePath.replace(/^\//, '') || params.requiredProperties?.[0] || params.additionalProperties?.[0];
    throw new AppError('invalid_input', { details: [{ field: `body/${field ?? ''}`, problem: first.message }] });
  }
  return value as UploadFields;
}

/** Tags as typed: separated by spaces or commas, normalised, empty ones dropped, each once, in order. */
export function parseTags(text: string | undefined): string[] {
  const tags = [
    ...new Set(
      (text ?? '')
        .split(/[\s,]+/)
        .map(normalizeTag)
        .filter(Boolean),
    ),
  ];
  if (tags.some((tag) => tag.length > TAG_MAX_LENGTH)) {
    throw new AppError('invalid_input', { details: [{ field: 'body/tags', problem: `a tag is longer than ${TAG_MAX_LENGTH}` }] });
  }
  if (tags.length > TAGS_MAX) {
    throw new AppError('invalid_input', { details: [{ field: 'body/tags', problem: `at most ${TAGS_MAX} tags` }] });
  }
  return tags;
}
