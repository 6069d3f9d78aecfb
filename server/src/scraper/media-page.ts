/**
 * Finds the media a web page offers: Open Graph video first (og:video:secure_url, og:video:url, og:video),
 * then a <video src> or its first <source src>, then Open Graph images. Relative addresses are resolved
 * against the page. Undefined when the page offers none.
 */

const VIDEO_PROPERTIES = ['og:video:secure_url', 'og:video:url', 'og:video'];
const IMAGE_PROPERTIES = ['og:image:secure_url', 'og:image:url', 'og:image'];

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x2F': '/',
  '#47': '/',
};
const decodeEntities = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos|#39|#x2F|#47);/gi,
    (_, name: string) => ENTITIES[name] ?? ENTITIES[name.toLowerCase()] ?? '',
  );

/** The attributes of one start tag, names lower-cased, values entity-decoded. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g)) {
    found.set(match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? '').trim());
  }
  return found;
}

function resolved(candidate: string | undefined, page: URL): URL | undefined {
  if (!candidate) return undefined;
  try {
    return new URL(candidate, page);
  } catch {
    return undefined;
  }
}

export function findMediaUrl(html: string, page: URL): URL | undefined {
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  const meta = new Map<string, string>();
  for (const [tag] of withoutComments.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const key = (attrs.get('property') ?? attrs.get('name'))?.toLowerCase();
    const content = attrs.get('content');
    if (key && content && !meta.has(key)) meta.set(key, content);
  }
  for (const property of VIDEO_PROPERTIES) {
    const url = resolved(meta.get(property), page);
    if (url) return url;
  }
  for (const video of withoutComments.matchAll(/<video\b([^>]*)>([\s\S]*?)(?:<\/video>|$)/gi)) {
    const url = resolved(attributes(video[1] ?? '').get('src'), page);
    if (url) return url;
    const source = /<source\b[^>]*>/i.exec(video[2] ?? '');
    const fromSource = resolved(source ? attributes(source[0]).get('src') : undefined, page);
    if (fromSource) return fromSource;
  }
  for (const property of IMAGE_PROPERTIES) {
    const url = resolved(meta.get(property), page);
    if (url) return url;
  }
  return undefined;
}
