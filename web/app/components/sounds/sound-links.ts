import { titleSlug } from '../../../../server/src/posts/slug.ts';

/** A sound's page, `/sound/{name-slug}-{id}` as TikTok addresses them; only the id counts when it is read. */
export function soundPath(sound: { readonly id: number; readonly name: string }): string {
  const slug = titleSlug(sound.name);
  return `/sound/${slug ? `${slug}-` : ''}${sound.id}`;
}

/** The id at the end of a sound address's last segment, or undefined when there is none. */
export function soundIdOf(segment: string | undefined): number | undefined {
  const match = segment ? /(?:^|-)(\d{1,15})$/.exec(segment) : null;
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
