/**
 * A bio as the server stores it (server/src/accounts/bio.ts: only b, u, a, i, br, em, strong survive,
 * text is escaped) with its tags shown as links to tag pages (spec §3): `<tag id="12">sunset</tag>`
 * elements and #hashtags in the text become /tag/{tag} links. Text inside links is left alone.
 */
const TAG_ELEMENT = /<tag\b[^>]*>([^<]{1,64})<\/tag>/gi;
const HASHTAG = /(^|[\s(>])#([\p{L}\p{N}_]{1,64})/gu;

function normalizeTag(tag: string): string {
  return tag.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '').toLowerCase();
}

const tagLink = (name: string, tagSuffix: string) =>
  `<a href="/tag${tagSuffix}/${encodeURIComponent(normalizeTag(name))}" data-tag-link>#${name}</a>`;

export function bioWithTagLinks(html: string, tagSuffix = ''): string {
  const withElements = html.replace(TAG_ELEMENT, (_, name: string) => tagLink(name.replace(/^#/, ''), tagSuffix));
  let insideLink = 0;
  return withElements
    .split(/(<[^>]+>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a\b/i.test(part)) insideLink += 1;
        else if (/^<\/a>/i.test(part)) insideLink = Math.max(insideLink - 1, 0);
        return part;
      }
      return insideLink
        ? part
        : part.replace(HASHTAG, (_, before: string, name: string) => `${before}${tagLink(name, tagSuffix)}`);
    })
    .join('');
}
