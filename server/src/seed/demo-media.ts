import { mapWithConcurrency } from './concurrency.ts';
import { DEMO_SOUNDS, DEMO_USERS, PALETTES } from './demo-data.ts';
import type { DemoPlan, PlannedPost } from './demo-plan.ts';
import type { DemoMediaGenerator, GeneratedMedia } from './media-generator.ts';
import { SeededRandom } from './random.ts';
import { avatarSvg, postImageSvg } from './svg-art.ts';

export interface DemoMedia {
  readonly avatars: ReadonlyMap<string, GeneratedMedia>;
  /** In DEMO_SOUNDS order. */
  readonly sounds: readonly GeneratedMedia[];
  /** Per planned post, in display order: one clip for a video post, the pictures of an image post. */
  readonly posts: readonly (readonly GeneratedMedia[])[];
}

/** Two encodes at once keep both cores busy while a (single-threaded) lavfi source renders. */
const CLIPS_AT_ONCE = 2;
const IMAGE_WIDTH = 1080;

const initials = (displayName: string) =>
  displayName
    .split(/\s+/)
    .map((word) => [...word][0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Video clips encode on one lane while pictures, avatars and sounds are made on another. */
export async function generateDemoMedia(generator: DemoMediaGenerator, plan: DemoPlan): Promise<DemoMedia> {
  const videoPosts = plan.posts.filter((planned) => planned.clip);
  // allSettled: when one lane fails the other still finishes, so the caller's clean-up sees every stored file.
  const [clipsLane, picturesLane] = await Promise.allSettled([
    mapWithConcurrency(videoPosts, CLIPS_AT_ONCE, (planned) => generator.video(planned.clip!)),
    generatePictures(generator, plan),
  ]);
  if (clipsLane.status === 'rejected') throw clipsLane.reason;
  if (picturesLane.status === 'rejected') throw picturesLane.reason;
  const [clips, pictures] = [clipsLane.value, picturesLane.value];
  const clipOf = new Map(videoPosts.map((planned, index) => [planned, clips[index] as GeneratedMedia]));
  return {
    avatars: pictures.avatars,
    sounds: pictures.sounds,
    posts: plan.posts.map((planned) =>
      planned.clip ? [clipOf.get(planned) as GeneratedMedia] : (pictures.imageSets.get(planned) ?? []),
    ),
  };
}

async function generatePictures(generator: DemoMediaGenerator, plan: DemoPlan) {
  const avatars = new Map<string, GeneratedMedia>();
  for (const user of DEMO_USERS) {
    avatars.set(user.username, await generator.avatar(avatarSvg(initials(user.displayName), PALETTES[user.palette])));
  }
  const sounds: GeneratedMedia[] = [];
  for (const sound of DEMO_SOUNDS) sounds.push(await generator.sound(sound.melody));
  const imageSets = new Map<PlannedPost, GeneratedMedia[]>();
  for (const planned of plan.posts) {
    if (planned.post.kind !== 'images') continue;
    const height = planned.post.tall ? 1920 : 1350;
    const random = new SeededRandom(planned.artSeed);
    const set: GeneratedMedia[] = [];
    for (let index = 0; index < planned.post.count; index++) {
      set.push(
        await generator.image(postImageSvg(planned.post.art, planned.palette, IMAGE_WIDTH, height, random), IMAGE_WIDTH, height),
      );
    }
    imageSets.set(planned, set);
  }
  return { avatars, sounds, imageSets };
}
