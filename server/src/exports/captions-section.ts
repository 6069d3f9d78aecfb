import type { CaptionRow } from './archive-rows.repository.ts';
import { copyStored, type ExportSection, isoDate, jsonArray, pages, type SectionContext } from './export-section.ts';

/** Where a caption goes in the archive, beside its post's files. */
const captionPath = (caption: Pick<CaptionRow, 'postId' | 'language'>) =>
  `posts/${caption.postId}/captions/${caption.language}.vtt`;

/** The captions of the account's posts, a page of posts at a time. */
async function* captionPages(context: SectionContext) {
  const posts = pages(
    (after, limit) => context.rows.posts(context.userId, after, limit),
    (row) => row.id,
    context.pageSize,
  );
  for await (const page of posts) {
    const captions = await context.rows.captions(page.map((post) => post.id));
    if (captions.length > 0) yield captions;
  }
}

/** captions.json and the WebVTT files of the account's video posts (captions/, migration 0027). */
export const captionsSection: ExportSection = {
  name: 'captions',
  files: [
    {
      path: 'captions.json',
      about: 'The captions of your video posts, by post and language.',
      keys: {
        postId: 'The post they belong to (its entry in posts.json).',
        language: 'Two-letter language code; label: the name players show for it.',
        cues: 'How many timed lines the file holds.',
        updatedAt: 'When you last uploaded them.',
        file: 'The WebVTT file in this archive, or null when it is no longer stored.',
      },
    },
    { path: 'posts/<id>/captions/<language>.vtt', about: 'The caption files as served to viewers (WebVTT, UTF-8).' },
  ],
  async write(context) {
    async function* described() {
      for await (const page of captionPages(context)) {
        yield await Promise.all(
          page.map(async (caption) => ({
            postId: caption.postId,
            language: caption.language,
            label: caption.label,
            cues: caption.cueCount,
            updatedAt: isoDate(caption.updatedAt),
            file: (await context.storage.exists(caption.storageKey)) ? captionPath(caption) : null,
          })),
        );
      }
    }
    await context.archive.addGenerated(
      'captions.json',
      jsonArray(described(), (caption) => caption),
    );
    for await (const page of captionPages(context)) {
      for (const caption of page) await copyStored(context, caption.storageKey, captionPath(caption), true);
    }
  },
};
