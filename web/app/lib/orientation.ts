import { Orientation, type OrientationValue } from '../../../server/src/settings/orientation.ts';

/** Site variants of spec §2: /gay and /trans home pages and the -gay and -trans section suffixes. */
export const orientationVariants = [
  { name: 'gay', suffix: '-gay', value: Orientation.gay },
  { name: 'trans', suffix: '-trans', value: Orientation.trans },
] as const;
export type OrientationVariant = (typeof orientationVariants)[number];

/** First path segments that take an optional orientation suffix (/tag-gay, /video-trans, ...). */
export const suffixedSections = ['playlist', 'popular', 'search', 'search-trends', 'tag', 'video', 'video2', 'play'] as const;
export type SuffixedSection = (typeof suffixedSections)[number];

/**
 * The site variant a URL asks for, or undefined for the default site. Route modules are shared
 * between variants, so they read it from the path rather than from a per-route handle.
 */
export function orientationOf(pathname: string): OrientationVariant | undefined {
  const first = pathname.split('/')[1] ?? '';
  return orientationVariants.find(
    (variant) =>
      first === variant.name ||
      (first.endsWith(variant.suffix) &&
        (suffixedSections as readonly string[]).includes(first.slice(0, -variant.suffix.length))),
  );
}

/** The same section in a variant: ('popular', gay) → '/popular-gay', ('home', trans) → '/trans'. */
export function variantPath(section: SuffixedSection | 'home', variant: OrientationVariant | undefined): string {
  if (section === 'home') return `/${variant?.name ?? ''}`;
  return `/${section}${variant?.suffix ?? ''}`;
}

/** The choices of the orientation switch, in its order; `undefined` is the default (straight) site. */
export const orientationChoices = [
  { name: 'straight', value: Orientation.straight, variant: undefined },
  ...orientationVariants.map((variant) => ({ name: variant.name, value: variant.value, variant })),
] as const;

/**
 * The same page in another site variant (spec §4): /popular → /popular-gay, /tag-trans/x/3 → /tag/x/3,
 * /gay → /trans. A page without variants (/settings, a profile) keeps its address.
 */
export function pathInVariant(pathname: string, variant: OrientationVariant | undefined): string {
  const segments = pathname.split('/');
  const first = segments[1] ?? '';
  const current = orientationOf(pathname);
  if (first === '' || first === current?.name) return variantPath('home', variant);
  const section = current ? first.slice(0, -current.suffix.length) : first;
  if (!(suffixedSections as readonly string[]).includes(section)) return pathname;
  segments[1] = `${section}${variant?.suffix ?? ''}`;
  return segments.join('/');
}

/** The lgbtPreference cookie (spec §4): the orientation switch writes 1, 2 or 3; anything else is straight. */
export function orientationFromCookie(value: string | undefined): OrientationValue {
  return orientationChoices.find((choice) => String(choice.value) === value)?.value ?? Orientation.straight;
}

/**
 * The orientation a page shows: its variant where it has variants (the address decides), else the
 * visitor's preference, so the switch on /settings still shows what was chosen. The address is the
 * spec's tempLockLGBT (§4): a variant address shows its orientation without touching the preference, so
 * following a search's trigger-word offer (or a shared /tag-gay link) locks it only while there.
 */
export function activeOrientation(pathname: string, preference: OrientationValue): OrientationValue {
  const variant = orientationOf(pathname);
  if (variant) return variant.value;
  const hasVariants = pathInVariant(pathname, orientationVariants[0]) !== pathname;
  return hasVariants ? Orientation.straight : preference;
}
