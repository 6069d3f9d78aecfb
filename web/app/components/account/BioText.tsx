import { normalizeTag } from '../../../../server/src/posts/tag-name.ts';
import styles from './BioText.module.css';

const TAG_ELEMENT = /<tag id="(\d+)">([\p{L}\p{N}_]{1,64})<\/tag>/gu;

/** Stored bio HTML (sanitised by the server to b, u, a, i, br, em, strong) with its tag elements as tag-page links. */
export function bioHtml(bio: string): string {
  return bio.replace(
    TAG_ELEMENT,
    (_, _id: string, name: string) => `<a href="/tag/${encodeURIComponent(normalizeTag(name))}">#${name}</a>`,
  );
}

/** Spec §3: a bio shows its tags as links to the tag pages. */
export function BioText({ bio }: { bio: string }) {
  // The server keeps only the allowed elements, escapes everything else and emits well-formed markup (accounts/bio.ts).
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it was stored
  return <p className={styles.bio} dangerouslySetInnerHTML={{ __html: bioHtml(bio) }} />;
}
