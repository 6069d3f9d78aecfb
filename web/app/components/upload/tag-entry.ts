import { TAGS_MAX } from '../../../../server/src/posts/posts.service.ts';
import { normalizeTag } from '../../../../server/src/posts/tag-name.ts';

/** The longest tag the posts service accepts (its TAG_PATTERN: 1–64 non-space characters). */
export const TAG_MAX_LENGTH = 64;
export { TAGS_MAX };

/**
 * Adds what was typed to the post's tags: split at spaces, commas or '#', normalised as the server
 * normalises tags (spec §5: accents and spaces removed, lowercase), without repeats, at most TAGS_MAX.
 */
export function addTags(current: readonly string[], typed: string): string[] {
  const tags = [...current];
  for (const part of typed.split(/[\s,#]+/)) {
    const tag = normalizeTag(part).slice(0, TAG_MAX_LENGTH);
    if (tag && !tags.includes(tag) && tags.length < TAGS_MAX) tags.push(tag);
  }
  return tags;
}
