import { Orientation } from '../../../server/src/settings/orientation.ts';

/** Site variants of spec §2: /gay and /trans home pages and the -gay and -trans section suffixes. */
export const orientationVariants = [
  { name: 'gay', suffix: '-gay', value: Orientation.gay },
  { name: 'trans', suffix: '-trans', value: Orientation.trans },
] as const;
export type OrientationVariant = (typeof orientationVariants)[number];

/** First path segments that take an optional orientation suffix (/tag-gay, /video-trans, ...). */
export const suffixedSections = ['playlist', 'popular', 'search', 'search-trends', 'tag', 'video', 'play'] as const;
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
