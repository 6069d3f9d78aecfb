import { DEMO_LOGIN, DEMO_POSTS, DEMO_SOUNDS, DEMO_USERS, type DemoPost, PALETTES, type PaletteName } from './demo-data.ts';
import type { Melody, Palette } from './lavfi-sources.ts';
import type { ClipSpec } from './media-generator.ts';
import type { SeededRandom } from './random.ts';

/**
 * Everything about the demo site that is decided by chance, decided once from the seeded generator:
 * looks, durations, dates, audience figures and who follows and likes whom.
 */
export interface PlannedPost {
  readonly post: DemoPost;
  readonly palette: Palette;
  /** Set for video posts. */
  readonly clip: ClipSpec | undefined;
  /** Set for image posts: the sound played under the slideshow, as an index into DEMO_SOUNDS. */
  readonly soundIndex: number | undefined;
  /** Seeds the drawing of an image post's pictures, so they do not depend on the order they are drawn in. */
  readonly artSeed: number;
  readonly publishedAt: Date;
  readonly views: number;
  readonly shares: number;
  readonly completions: number;
  readonly likes: readonly { readonly username: string; readonly at: Date }[];
}

export interface PlannedFollow {
  readonly follower: string;
  readonly followee: string;
  readonly at: Date;
}

export interface DemoPlan {
  readonly posts: readonly PlannedPost[];
  readonly follows: readonly PlannedFollow[];
}

const DAY_MS = 24 * 3600 * 1000;
const ROOT_NOTES = [196, 220, 247, 262, 294];
const SCALES = [
  [0, 4, 7, 12, 7, 4, 2, 5],
  [0, 3, 7, 10, 7, 3, 5, 8],
  [0, 2, 4, 7, 9, 7, 4, 2],
  [0, 7, 12, 7, 5, 3, 2, 0],
];
/** Accounts most people follow, like on a real site: the studio channel and the demo creator. */
const WELL_KNOWN = new Set(['velvet.studio', DEMO_LOGIN.username]);
/** The demo creator follows these, so its Following feed is full from the first login. */
const DEMO_FOLLOWS = ['lena.moves', 'marco.lens', 'velvet.studio', 'sofia.sol'];

export function planDemo(random: SeededRandom, now: Date): DemoPlan {
  const usernames = DEMO_USERS.map((user) => user.username);
  const posts = DEMO_POSTS.map((post, index) => planPost(post, index, random, now, usernames));
  const follows: PlannedFollow[] = [];
  for (const follower of usernames) {
    for (const followee of usernames) {
      if (follower === followee) continue;
      const forced = follower === DEMO_LOGIN.username && DEMO_FOLLOWS.includes(followee);
      if (forced || random.chance(WELL_KNOWN.has(followee) ? 0.75 : 0.3)) {
        follows.push({ follower, followee, at: new Date(now.getTime() - random.int(1, 60) * DAY_MS - random.int(0, DAY_MS)) });
      }
    }
  }
  return { posts, follows };
}

function planPost(post: DemoPost, index: number, random: SeededRandom, now: Date, usernames: string[]): PlannedPost {
  const author = DEMO_USERS.find((user) => user.username === post.author);
  if (!author) throw new Error(`Demo post "${post.title}" names an unknown author ${post.author}`);
  const palette: Palette = random.chance(0.6)
    ? PALETTES[author.palette]
    : PALETTES[random.pick(Object.keys(PALETTES) as PaletteName[])];
  const publishedAt = new Date(now.getTime() - random.next() * 30 * DAY_MS);
  // Audience figures spread over two orders of magnitude, as real ones do.
  const views = Math.round(150 * Math.exp(random.next() * 5.2));
  const likers = random.sample(
    usernames.filter((username) => username !== post.author),
    random.int(0, usernames.length - 1),
  );
  const sincePublishedMs = now.getTime() - publishedAt.getTime();
  return {
    post,
    palette,
    // Short clips: every second is encoded twice on a first start (the original, then the pipeline's 360 rung).
    clip:
      post.kind === 'video'
        ? { look: post.look, palette, variant: index, seconds: random.int(3, 4), melody: melodyFor(post, random) }
        : undefined,
    soundIndex: post.kind === 'images' ? random.int(0, DEMO_SOUNDS.length - 1) : undefined,
    artSeed: random.int(1, 2 ** 31),
    publishedAt,
    views,
    shares: Math.round(views * random.next() * 0.03),
    completions: Math.round(views * (0.25 + random.next() * 0.45)),
    likes: likers.map((username) => ({ username, at: new Date(publishedAt.getTime() + random.next() * sincePublishedMs) })),
  };
}

function melodyFor(post: DemoPost, random: SeededRandom): Melody {
  return {
    base: random.pick(ROOT_NOTES),
    tempo: random.pick([1.5, 2, 2.5, 3]),
    steps: random.pick(SCALES),
    ambience: post.tags.includes('asmr') || post.tags.includes('nightlife') || random.chance(0.2),
  };
}
