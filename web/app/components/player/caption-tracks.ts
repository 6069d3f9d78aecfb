import type { PostMedia } from '../../../../server/src/posts/post-card.ts';
import { languages } from '../../../../server/src/settings/languages.ts';

/** One caption language of a video, as the post card carries it (variant `caption-{language}`). */
export interface CaptionTrack {
  readonly language: string;
  /** The language's own name (Deutsch, العربية), as players list it. */
  readonly label: string;
  readonly dir: 'ltr' | 'rtl';
  readonly url: string;
}

const VARIANT = /^caption-([a-z]{2})$/;
const byCode = new Map(languages.map((language) => [language.code, language]));

/** The caption files of a video (server/src/captions/README.md), in the order of the app's languages. */
export function captionTracks(media: Pick<PostMedia, 'variants'>): CaptionTrack[] {
  const tracks: CaptionTrack[] = [];
  for (const [name, url] of Object.entries(media.variants)) {
    const code = VARIANT.exec(name)?.[1];
    const language = code ? byCode.get(code) : undefined;
    if (language) tracks.push({ language: language.code, label: language.name, dir: language.dir, url });
  }
  const order = (track: CaptionTrack) => languages.findIndex((language) => language.code === track.language);
  return tracks.sort((a, b) => order(a) - order(b));
}

/**
 * The track to show: the language chosen last, else the page's, else the first there is. With captions
 * off, none.
 */
export function shownTrack(
  tracks: readonly CaptionTrack[],
  captions: { readonly captionsOn: boolean; readonly captionLanguage: string | null },
  pageLocale: string,
): CaptionTrack | undefined {
  if (!captions.captionsOn) return undefined;
  const pageLanguage = pageLocale.slice(0, 2).toLowerCase();
  return (
    tracks.find((track) => track.language === captions.captionLanguage) ??
    tracks.find((track) => track.language === pageLanguage) ??
    tracks[0]
  );
}
