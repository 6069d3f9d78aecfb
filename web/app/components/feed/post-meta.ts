import type { MetaDescriptor } from 'react-router';
import { i18nFor, type PageKey } from '../../i18n/config';
import { pageMeta } from '../../lib/meta';
import type { RootData } from '../../lib/root-data';
import { SITE_NAME, videoShareMeta } from '../../lib/seo';
import { isVideo, stillUrl, videoSources } from '../player/renditions';
import type { FeedPost } from './feed-data';

type MetaArgs = Parameters<typeof pageMeta>[0];

function rootOf(args: MetaArgs): RootData | undefined {
  return args.matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}

/**
 * Meta tags of a page that shows one post (spec §9): its title, and share tags for a video (the
 * 720x1150 player, the MP4 and the poster) or an image set (its first picture).
 */
export function postPageMeta(args: MetaArgs, page: PageKey, post: FeedPost | undefined): MetaDescriptor[] {
  if (!post) return pageMeta(args, page);
  const root = rootOf(args);
  const baseUrl = root?.baseUrl ?? '';
  const name = post.user.displayName || post.user.username;
  const title = post.title ? `${post.title} (@${post.user.username})` : `@${post.user.username}`;
  const description = [post.title, post.tags.map((tag) => `#${tag.tag}`).join(' '), `${name} · ${SITE_NAME}`]
    .filter(Boolean)
    .join(' — ');
  const video = post.media.find(isVideo);
  const cover = post.media[0];
  const poster = cover ? stillUrl(cover, 'share') : undefined;
  const mp4 = video ? videoSources(video).mp4.at(-1) : undefined;
  const share: MetaDescriptor[] = [
    { title: i18nFor(root).t('meta.titleTemplate', { title }) },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
  ];
  if (video && mp4 && poster) {
    share.push(
      ...videoShareMeta({
        videoUrl: `${baseUrl}${mp4.url}`,
        posterUrl: `${baseUrl}${poster}`,
        posterWidth: video.width ?? 720,
        posterHeight: video.height ?? 1280,
        playerUrl: `${baseUrl}/embed/${post.id}`,
      }),
    );
  } else if (cover && poster) {
    share.push(
      { property: 'og:image', content: `${baseUrl}${poster}` },
      { property: 'og:image:width', content: String(cover.width ?? 600) },
      { property: 'og:image:height', content: String(cover.height ?? 800) },
      { property: 'og:image:alt', content: post.title || name },
    );
  }
  return replaceTitle(pageMeta(args, page, undefined, share.slice(1)), share[0] as MetaDescriptor);
}

/** pageMeta's <title> descriptor has no name to merge by, so the post's title replaces it here. */
function replaceTitle(descriptors: MetaDescriptor[], title: MetaDescriptor): MetaDescriptor[] {
  return descriptors.map((descriptor) => ('title' in descriptor ? title : descriptor));
}
