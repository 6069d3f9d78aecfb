/** The interface language of a locale (cs-CZ → cs), which is how translations are keyed. */
export function languageOf(locale: string): string {
  return locale.slice(0, 2).toLowerCase();
}

/** Spec §9: a tag feed reads x = count/10 posts, clamped to 10–500; 50 when the count is unknown. */
export function tagFeedSize(useCount: number | undefined): number {
  if (useCount === undefined || !Number.isFinite(useCount)) return 50;
  return Math.min(500, Math.max(10, Math.floor(useCount / 10)));
}

const SUFFIX: Record<number, string> = { 2: '-gay', 3: '-trans' };

/** Spec §2: /tag{suffix}/{tag}. */
export function tagPath(tag: string, lgbt: number): string {
  return `/tag${SUFFIX[lgbt] ?? ''}/${encodeURIComponent(tag)}`;
}

/** Spec §2: /playlist/{id}-{encoded name}, /playlist-gay/... for orientation 2 (and -trans for 3). */
export function playlistPath(id: number, name: string, lgbt: number): string {
  return `/playlist${SUFFIX[lgbt] ?? ''}/${id}-${encodeURIComponent(name.trim().replace(/\s+/g, '-'))}`;
}
