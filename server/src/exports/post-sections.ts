import { PostStatus } from '../posts/post-status.ts';
import { postPath } from '../posts/slug.ts';
import { orientationName } from './account-sections.ts';
import type { PostMediaRow, PostRow } from './archive-rows.repository.ts';
import { copyStored, type ExportSection, extensionOf, isoDate, jsonArray, pages, type SectionContext } from './export-section.ts';

const statusNames = new Map<number, string>(Object.entries(PostStatus).map(([name, value]) => [value, name]));
const SUFFIX: Record<number, '' | '-gay' | '-trans'> = { 2: '-gay', 3: '-trans' };

/** Where a post's original file goes in the archive: `posts/<post id>/<n>.<ext>`, n counting from 1. */
export const mediaPath = (file: Pick<PostMediaRow, 'postId' | 'position' | 'originalKey'>) =>
  file.originalKey ? `posts/${file.postId}/${file.position + 1}.${extensionOf(file.originalKey)}` : null;

/** The account's posts, a page at a time, with the media files of each page. */
async function* postPages(context: SectionContext) {
  const byPost = pages(
    (after, limit) => context.rows.posts(context.userId, after, limit),
    (row) => row.id,
    context.pageSize,
  );
  for await (const posts of byPost) {
    const media = await context.rows.media(posts.map((post) => post.id));
    yield posts.map((post) => ({ post, media: media.filter((file) => file.postId === post.id) }));
  }
}

async function shapePost(context: SectionContext, post: PostRow, media: readonly PostMediaRow[]) {
  return {
    id: post.id,
    title: post.title,
    kind: post.kind,
    status: statusNames.get(post.status) ?? String(post.status),
    orientation: orientationName(post.lgbt),
    createdAt: isoDate(post.createdAt),
    publishedAt: isoDate(post.publishedAt),
    pinned: post.pinnedAt !== null,
    tags: post.tags,
    counts: { likes: post.likesCount, shares: post.sharesCount, views: post.viewsCount },
    link: `${context.baseUrl}${postPath(post.id, post.title, SUFFIX[post.lgbt] ?? '')}`,
    media: await Promise.all(
      media.map(async (file) => {
        const path = mediaPath(file);
        return {
          name: file.name,
          kind: file.kind,
          mimeType: file.mimeType,
          width: file.width,
          height: file.height,
          durationMs: file.durationMs,
          sizeBytes: file.sizeBytes,
          file: path && file.originalKey && (await context.storage.exists(file.originalKey)) ? path : null,
        };
      }),
    ),
  };
}

/** posts.json: every post of the account but deleted ones, with its media described. */
export const postsSection: ExportSection = {
  name: 'posts',
  files: [
    {
      path: 'posts.json',
      about: 'Your posts (all but deleted ones, private and unpublished ones included), newest first.',
      keys: {
        id: 'The post number; its files are in posts/<id>/.',
        title: 'Its title.',
        kind: 'video or images.',
        status:
          'published, private, created, queued, checking, processing, failed, removed, blocked, inReview, draft, scheduled or awaitingPerformers (held until everyone in it has verified and consented).',
        orientation: 'straight, gay or trans.',
        createdAt: 'When you uploaded it; publishedAt: when it was published, or null.',
        pinned: 'Whether it is pinned to your profile.',
        tags: 'Its tags, in order.',
        counts: 'likes, shares and views when the archive was made.',
        link: 'Its address on Velvet (public posts only open for others).',
        media:
          'Its files in order: name, kind, mimeType, width, height, durationMs, sizeBytes, and file: the original in this archive (null when it is no longer stored).',
      },
    },
  ],
  async write(context) {
    async function* shaped() {
      for await (const page of postPages(context)) {
        yield await Promise.all(page.map(({ post, media }) => shapePost(context, post, media)));
      }
    }
    await context.archive.addGenerated(
      'posts.json',
      jsonArray(shaped(), (post) => post),
    );
  },
};

/** posts/<id>/<n>.<ext>: the files as they were uploaded, streamed from storage one by one. */
export const postFilesSection: ExportSection = {
  name: 'post-files',
  files: [
    {
      path: 'posts/<id>/<n>.<ext>',
      about: 'The original files of your posts as you uploaded them (n counts from 1 in the post).',
    },
  ],
  async write(context) {
    for await (const page of postPages(context)) {
      for (const file of page.flatMap((entry) => entry.media)) {
        const path = mediaPath(file);
        if (path && file.originalKey) await copyStored(context, file.originalKey, path);
      }
    }
  },
};

/** likes.json: the posts the account liked. */
export const likesSection: ExportSection = {
  name: 'likes',
  files: [
    {
      path: 'likes.json',
      about: 'The posts you liked that still exist, newest like first.',
      keys: {
        postId: 'The post number.',
        title: 'Its title now.',
        author: 'The username of its creator.',
        likedAt: 'When you liked it.',
        link: 'Its address on Velvet.',
      },
    },
  ],
  async write(context) {
    const rows = pages(
      (after, limit) => context.rows.likes(context.userId, after, limit),
      (row) => row.postId,
      context.pageSize,
    );
    await context.archive.addGenerated(
      'likes.json',
      jsonArray(rows, (row) => ({
        postId: row.postId,
        title: row.title,
        author: row.author,
        likedAt: isoDate(row.likedAt),
        link: `${context.baseUrl}${postPath(row.postId, row.title, SUFFIX[row.lgbt] ?? '')}`,
      })),
    );
  },
};
