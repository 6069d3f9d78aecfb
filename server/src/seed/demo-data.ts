import { inLanguages, type Translations } from './demo-tags.ts';
import type { Melody, Palette, VideoLook } from './lavfi-sources.ts';
import type { ImageArt } from './svg-art.ts';

/** The one demo account with a password; the README names it so a newcomer can log in and upload at once. */
export const DEMO_LOGIN = { username: 'demo', password: 'velvet-demo-2026', email: 'demo@velvet.local' } as const;

/** Account types the spec names (§1, §6): 3 verified, 5 partner, 6 channel; 2 may also post images, 1 may not. */
const Account = { regular: 1, imageCreator: 2, verified: 3, partner: 5, channel: 6 } as const;

export const PALETTES = {
  neon: ['#f72585', '#7209b7', '#3a0ca3', '#4cc9f0'],
  candy: ['#ffafcc', '#cdb4db', '#a2d2ff', '#5e548e'],
  gold: ['#ffbe0b', '#fb5607', '#ff006e', '#3d1a00'],
  noir: ['#c9a227', '#f5f5f5', '#6c757d', '#111111'],
  ocean: ['#00b4d8', '#90e0ef', '#0077b6', '#03045e'],
  sunset: ['#feb47b', '#ff7e5f', '#ff006e', '#4a1942'],
  aurora: ['#06d6a0', '#118ab2', '#ef476f', '#073b4c'],
  rose: ['#ff4d6d', '#ffccd5', '#c9184a', '#590d22'],
  forest: ['#b7e4c7', '#52b788', '#95d5b2', '#081c15'],
} as const satisfies Record<string, Palette>;
export type PaletteName = keyof typeof PALETTES;

export interface DemoUser {
  readonly username: string;
  readonly displayName: string;
  readonly type: number;
  readonly bio: string;
  readonly lang: string;
  readonly country: string;
  readonly lgbtPreference: number;
  readonly palette: PaletteName;
}

const user = (
  username: string,
  displayName: string,
  type: number,
  locale: `${string}-${string}`,
  palette: PaletteName,
  bio: string,
  lgbtPreference = 1,
): DemoUser => {
  const [lang = 'en', country = 'US'] = locale.split('-');
  return { username, displayName, type, bio, lang, country, lgbtPreference, palette };
};

export const DEMO_USERS: readonly DemoUser[] = [
  user(
    DEMO_LOGIN.username,
    'Velvet Demo',
    Account.verified,
    'en-US',
    'neon',
    'The demo creator account. Everything here was generated on first start: log in and post something of your own.',
  ),
  user(
    'lena.moves',
    'Lena Moves',
    Account.verified,
    'cs-CZ',
    'candy',
    'Dancer and choreographer from Prague. A new routine every week.',
  ),
  user(
    'marco.lens',
    'Marco Lens',
    Account.partner,
    'it-IT',
    'gold',
    'Fashion and portrait photographer in Milan. Forever chasing golden hour.',
  ),
  user(
    'velvet.studio',
    'Velvet Studio',
    Account.channel,
    'en-US',
    'noir',
    'The official studio channel: behind the scenes, collaborations and staff picks.',
  ),
  user(
    'nightowl',
    'Night Owl',
    Account.regular,
    'en-GB',
    'ocean',
    'Here for the music and the neon. Mostly awake after midnight.',
  ),
  user(
    'sofia.sol',
    'Sofía Sol',
    Account.imageCreator,
    'es-ES',
    'sunset',
    'Yoga, playa y buena energía. Morning flows from the coast of Cádiz.',
  ),
  user('kai.waves', 'Kai Waves', Account.verified, 'en-AU', 'aurora', 'Swimmer, traveller, proud. Sydney based.', 2),
  user('jules.aurora', 'Jules Aurora', Account.partner, 'fr-FR', 'rose', 'Trans model and cosplayer. Every costume handmade.', 3),
  user(
    'ines.couture',
    'Inês Couture',
    Account.imageCreator,
    'pt-BR',
    'candy',
    'Lingerie designer in São Paulo. Lookbooks, fittings and lace.',
  ),
  user(
    'duo.midnight',
    'Midnight Duo',
    Account.channel,
    'de-DE',
    'neon',
    'A couple making art together in Berlin. New drops on Fridays.',
  ),
  user('hana.asmr', 'Hana', Account.verified, 'ja-JP', 'forest', 'ASMR and slow mornings. Headphones recommended.'),
];

export interface DemoSound {
  readonly name: string;
  readonly melody: Melody;
}

export const DEMO_SOUNDS: readonly DemoSound[] = [
  { name: 'Velvet Nights', melody: { base: 220, tempo: 2, steps: [0, 3, 7, 10, 12, 10, 7, 3] } },
  { name: 'Sunset Loop', melody: { base: 262, tempo: 1.5, steps: [0, 4, 7, 11, 12, 11, 7, 4] } },
  { name: 'Ocean Drive', melody: { base: 196, tempo: 2.5, steps: [0, 7, 5, 7, 3, 7, 2, 7], ambience: true } },
  { name: 'Neon Heartbeat', melody: { base: 247, tempo: 3, steps: [0, 0, 12, 0, 7, 0, 10, 0] } },
  { name: 'Slow Bloom', melody: { base: 294, tempo: 1, steps: [0, 2, 4, 7, 9, 7, 4, 2], ambience: true } },
];

interface PostCommon {
  readonly author: string;
  readonly title: string;
  /** Normalised primary tag names (see demo-tags.ts). */
  readonly tags: readonly string[];
  readonly lgbt: 1 | 2 | 3;
  readonly pinned: boolean;
}
export type DemoPost =
  | (PostCommon & { readonly kind: 'video'; readonly look: VideoLook })
  | (PostCommon & { readonly kind: 'images'; readonly art: ImageArt; readonly count: number; readonly tall: boolean });

type Extras = { lgbt?: 1 | 2 | 3; pinned?: boolean; tall?: boolean };
const video = (author: string, title: string, tags: string[], look: VideoLook, extras: Extras = {}): DemoPost => ({
  kind: 'video',
  author,
  title,
  tags,
  look,
  lgbt: extras.lgbt ?? 1,
  pinned: extras.pinned ?? false,
});
const images = (author: string, title: string, tags: string[], art: ImageArt, count: number, extras: Extras = {}): DemoPost => ({
  kind: 'images',
  author,
  title,
  tags,
  art,
  count,
  tall: extras.tall ?? false,
  lgbt: extras.lgbt ?? 1,
  pinned: extras.pinned ?? false,
});

export const DEMO_POSTS: readonly DemoPost[] = [
  video('demo', 'Hello from the demo account 👋', ['behindthescenes', 'art'], 'swirl'),
  video('demo', 'Golden hour stretch, five minutes', ['fitness', 'goldenhour', 'self-care'], 'drift'),
  video('demo', 'Late night studio loop', ['music', 'neon', 'nightlife'], 'weave'),
  images('demo', 'Moodboard for my next shoot', ['photography', 'fashion', 'art'], 'orbs', 3),
  video('lena.moves', 'New choreography: Velvet Nights', ['dance', 'music'], 'bloom', { pinned: true }),
  video('lena.moves', 'Warm-up before rehearsal', ['dance', 'fitness', 'behindthescenes'], 'ripple'),
  video('lena.moves', 'Prague rooftop freestyle at sunset', ['dance', 'goldenhour', 'travel'], 'drift'),
  video('lena.moves', 'Slow contemporary piece, take three', ['dance', 'art'], 'swirl'),
  images('lena.moves', 'Rehearsal diary, week 12', ['dance', 'behindthescenes'], 'waves', 4),
  images('marco.lens', 'Golden hour portraits in Milan', ['photography', 'goldenhour', 'fashion'], 'rays', 4, {
    pinned: true,
    tall: true,
  }),
  images('marco.lens', 'Lookbook: silk and linen', ['fashion', 'photography'], 'mosaic', 3),
  images('marco.lens', 'Studio light test, five setups', ['photography', 'behindthescenes'], 'orbs', 5),
  images('marco.lens', 'Lake Como, early morning', ['travel', 'photography'], 'waves', 2),
  video('marco.lens', 'How I light a portrait set', ['photography', 'behindthescenes'], 'fractal'),
  video('velvet.studio', 'Velvet Studio: channel trailer', ['behindthescenes', 'music'], 'bars'),
  video('velvet.studio', 'Staff pick: the week in motion', ['art', 'neon'], 'fractal'),
  images('velvet.studio', "Creator spotlight: this month's faces", ['photography', 'art'], 'mosaic', 3),
  video('velvet.studio', 'Pride month: love in every colour', ['pride', 'art'], 'swirl', { lgbt: 2 }),
  video('nightowl', '3 a.m. city lights from my window', ['nightlife', 'neon'], 'weave'),
  video('nightowl', 'Rain on the skylight', ['asmr', 'self-care'], 'ripple'),
  video('sofia.sol', 'Morning yoga flow by the sea', ['yoga', 'beach', 'self-care'], 'drift'),
  video('sofia.sol', 'Sunset salutations', ['yoga', 'goldenhour'], 'ripple'),
  images('sofia.sol', 'Beach day in Cádiz', ['beach', 'travel'], 'rays', 3, { tall: true }),
  images('sofia.sol', 'New swimwear, same ocean', ['fashion', 'beach'], 'waves', 2),
  video('kai.waves', 'Open-water swim with the crew', ['fitness', 'beach'], 'bloom', { lgbt: 2 }),
  video('kai.waves', 'Sydney Pride, from the float', ['pride', 'travel', 'nightlife'], 'drift', { lgbt: 2 }),
  video('kai.waves', 'Post-workout cooldown', ['fitness', 'self-care'], 'weave', { lgbt: 2 }),
  images('kai.waves', 'My boyfriend took these, not bad', ['couples', 'photography'], 'orbs', 3, { lgbt: 2 }),
  video('jules.aurora', 'Costume reveal: the starlight witch', ['cosplay', 'art'], 'swirl', { lgbt: 3 }),
  video('jules.aurora', 'Forty hours of sewing, sped up', ['cosplay', 'behindthescenes'], 'fractal', { lgbt: 3 }),
  images('jules.aurora', 'Convention weekend photo dump', ['cosplay', 'photography'], 'mosaic', 4, { lgbt: 3 }),
  images('jules.aurora', 'Makeup test for the next character', ['cosplay', 'self-care'], 'rays', 2, { lgbt: 3 }),
  images('ines.couture', 'Lingerie lookbook: autumn collection', ['lingerie', 'fashion'], 'waves', 4, { tall: true }),
  images('ines.couture', 'Fitting day at the atelier', ['lingerie', 'behindthescenes'], 'orbs', 3),
  images('ines.couture', 'Lace details up close', ['lingerie', 'fashion', 'art'], 'mosaic', 3),
  video('ines.couture', 'Designing a new set, start to finish', ['lingerie', 'fashion', 'behindthescenes'], 'ripple'),
  video('duo.midnight', 'Our Friday night playlist, danced', ['couples', 'dance', 'music'], 'bloom'),
  video('duo.midnight', 'Date night in Berlin', ['couples', 'nightlife', 'travel'], 'swirl'),
  images('duo.midnight', 'Anniversary shoot', ['couples', 'photography', 'goldenhour'], 'rays', 3, { tall: true }),
  video('hana.asmr', 'Soft-spoken tea ritual', ['asmr', 'self-care'], 'drift'),
  video('hana.asmr', 'Tapping sounds on wood and glass', ['asmr'], 'weave'),
  video('hana.asmr', 'Slow morning in Kyoto', ['travel', 'self-care'], 'fractal'),
];

export interface DemoPlaylist {
  readonly names: Translations;
  readonly lgbt: 1 | 2 | 3;
  /** Posts of the playlist's orientation carrying any of these tags; empty takes them all. */
  readonly tags: readonly string[];
}

export const DEMO_PLAYLISTS: readonly DemoPlaylist[] = [
  {
    names: inLanguages(
      'Golden Hour',
      'Hora dorada',
      'Goldene Stunde',
      'Heure dorée',
      'Zlatá hodinka',
      'Hora dourada',
      'ゴールデンアワー',
    ),
    lgbt: 1,
    tags: ['goldenhour', 'beach', 'travel'],
  },
  {
    names: inLanguages(
      'Move Your Body',
      'Mueve el cuerpo',
      'Beweg dich',
      'Bouge ton corps',
      'Rozhýbej se',
      'Mexa o corpo',
      '体を動かそう',
    ),
    lgbt: 1,
    tags: ['dance', 'fitness', 'yoga'],
  },
  {
    names: inLanguages(
      'Studio Picks',
      'Selección del estudio',
      'Studio-Auswahl',
      'Choix du studio',
      'Výběr studia',
      'Escolhas do estúdio',
      'スタジオのおすすめ',
    ),
    lgbt: 1,
    tags: ['fashion', 'photography', 'art', 'lingerie'],
  },
  {
    names: inLanguages('Unwind', 'Desconecta', 'Abschalten', 'Détente', 'Odpočinek', 'Relaxe', 'ひと休み'),
    lgbt: 1,
    tags: ['asmr', 'self-care'],
  },
  {
    names: inLanguages(
      'Pride Picks',
      'Selección del Orgullo',
      'Pride-Auswahl',
      'Sélection Fierté',
      'Výběr Pride',
      'Seleção do Orgulho',
      'プライドセレクション',
    ),
    lgbt: 2,
    tags: [],
  },
  {
    names: inLanguages(
      'Cosplay Corner',
      'Rincón cosplay',
      'Cosplay-Ecke',
      'Coin cosplay',
      'Cosplay koutek',
      'Cantinho cosplay',
      'コスプレコーナー',
    ),
    lgbt: 3,
    tags: [],
  },
];
