/** The API's shapes, as the server defines them (type-only imports: nothing of the server is bundled). */
export type { BannerView } from '../../../../server/src/banners/banners.service.ts';
export type { PlaylistView } from '../../../../server/src/playlists/playlists.service.ts';
export type { PostCard } from '../../../../server/src/posts/post-card.ts';
export type { PostList } from '../../../../server/src/posts/posts.service.ts';
export type { SearchResults, Suggestion, UserView } from '../../../../server/src/search/search.service.ts';
export type { AlphabetSection, TagView } from '../../../../server/src/tags/tags.service.ts';

/** A still of a media file: the WebP rendition with a JPEG fallback, by purpose (listing, poster, thumb). */
export function still(variants: Record<string, string>, purpose: 'listing' | 'poster' | 'thumb') {
  return { webp: variants[`${purpose}-webp`], jpg: variants[`${purpose}-jpg`] ?? variants[`${purpose}-webp`] };
}
