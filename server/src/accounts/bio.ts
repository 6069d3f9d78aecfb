/**
 * Spec §5: a bio keeps only the tags b, u, a, i, br, em, strong. Everything else is reduced to text; tags
 * come out without attributes except a link's href (http, https or a site path), and the result is
 * always well-formed, so it can be rendered as HTML as is.
 */
const ALLOWED = new Set(['b', 'u', 'a', 'i', 'br', 'em', 'strong']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^<>]*)>/g;

const escapeText = (text: string) =>
  text
    .replace(/&(?!(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

function safeHref(attributes: string): string | undefined {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
  const raw = (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').trim();
  // A site path has no backslash: browsers read `/\host` as `//host`, another site.
  if (/^https?:\/\/[^\s]+$/i.test(raw) || /^\/(?!\/)[^\s\\]*$/.test(raw)) return raw;
  return undefined;
}

export function sanitizeBio(input: string): string {
  let output = '';
  const open: string[] = [];
  let last = 0;
  for (const match of input.matchAll(TAG)) {
    output += escapeText(input.slice(last, match.index));
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const name = (match[2] ?? '').toLowerCase();
    if (!ALLOWED.has(name)) continue;
    if (name === 'br') {
      if (!closing) output += '<br>';
      continue;
    }
    if (!closing) {
      // A link inside a link is not valid HTML; the inner one is dropped.
      if (name === 'a' && open.includes('a')) continue;
      const href = name === 'a' ? safeHref(match[3] ?? '') : undefined;
      output +=
        name === 'a'
          ? `<a${href ? ` href="${escapeText(href)}" rel="nofollow ugc noopener" target="_blank"` : ''}>`
          : `<${name}>`;
      open.push(name);
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at < 0) continue;
    // Close whatever was left open inside, so the nesting stays valid.
    for (const inner of open.splice(at).reverse()) output += `</${inner}>`;
  }
  output += escapeText(input.slice(last));
  for (const inner of open.reverse()) output += `</${inner}>`;
  return output;
}
