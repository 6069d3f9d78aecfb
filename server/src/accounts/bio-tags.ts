import { normalizeTag } from '../posts/tag-name.ts';

/**
 * Spec §3: a bio is stored with its tags as `<tag id="…">name</tag>` elements, which pages show as links to
 * the tag pages. People write `#name`; on save every #name that is a known tag becomes such an element.
 */
const TAG_ELEMENT = /<tag\b[^>]*>([^<]*)<\/tag>/gi;
const HASHTAG = /(^|[\s>(,.;:!?])#([\p{L}\p{N}_]{1,64})/gu;
const MARKUP = /(<[^>]*>)/;

/** The editable text of a stored bio: tag elements back to #name. */
export function bioToText(bio: string): string {
  return bio.replace(TAG_ELEMENT, (_, name: string) => `#${name}`);
}

/** Normalised names of the #hashtags in a (sanitised) bio, outside links. */
export function hashtagNames(bio: string): string[] {
  const names = new Set<string>();
  forEachTextPart(bio, (text) => {
    for (const match of text.matchAll(HASHTAG)) names.add(normalizeTag(match[2] ?? ''));
    return text;
  });
  return [...names].filter(Boolean);
}

/** Replaces each #name whose tag is known with its tag element; unknown ones stay plain text. */
export function linkHashtags(bio: string, tagIds: ReadonlyMap<string, number>): string {
  return forEachTextPart(bio, (text) =>
    text.replace(HASHTAG, (whole, before: string, name: string) => {
      const id = tagIds.get(normalizeTag(name));
      return id === undefined ? whole : `${before}<tag id="${id}">${name}</tag>`;
    }),
  );
}

/** Runs `change` over the text between markup, skipping text inside links (a tag link in a link is invalid). */
function forEachTextPart(html: string, change: (text: string) => string): string {
  let insideLink = 0;
  return html
    .split(MARKUP)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a\b/i.test(part)) insideLink += 1;
        else if (/^<\/a>/i.test(part)) insideLink = Math.max(0, insideLink - 1);
        return part;
      }
      return insideLink ? part : change(part);
    })
    .join('');
}
