import { cursorOfAggregate } from './analytics-rows.repository.ts';
import { type ExportSection, jsonArray, pages, pagesBy, type SectionContext } from './export-section.ts';

const figureKeys = {
  date: 'The day (UTC).',
  views: 'Counted views; uniqueViewers: distinct viewers.',
  watchMs: 'Time watched, in milliseconds; completions: views watched to the end.',
  likes: 'Likes given that day; shares: shares that day.',
};
const breakdownKeys = {
  date: 'The day (UTC).',
  dimension: 'country (ISO code or unknown), referrer (a site or direct), page (where the view happened) or share_platform.',
  key: 'The country, site, page or platform; count: views (shares for share_platform) it had that day.',
};

/** Pages of rows of the account's posts: `read` takes a page of post ids, and is itself read in pages. */
async function* ofPosts<Row extends { postId?: number; day: string; dimension?: string; key?: string }>(
  context: SectionContext,
  read: (postIds: readonly number[], after: ReturnType<typeof cursorOfAggregate> | undefined, limit: number) => Promise<Row[]>,
) {
  const posts = pages(
    (after, limit) => context.rows.posts(context.userId, after, limit),
    (row) => row.id,
    context.pageSize,
  );
  for await (const page of posts) {
    const ids = page.map((post) => post.id);
    yield* pagesBy((after, limit) => read(ids, after, limit), cursorOfAggregate, context.pageSize);
  }
}

/** analytics/: the daily figures of the account and of each post (analytics/, migration 0029), oldest day first. */
export const analyticsSection: ExportSection = {
  name: 'analytics',
  files: [
    {
      path: 'analytics/account-daily.json',
      about: 'Your account per day.',
      keys: { ...figureKeys, followersGained: 'Follows that began; followersLost: follows that ended.' },
    },
    { path: 'analytics/account-breakdown.json', about: 'Where your views and shares came from, per day.', keys: breakdownKeys },
    { path: 'analytics/posts-daily.json', about: 'Each post per day (postId: the post).', keys: figureKeys },
    {
      path: 'analytics/posts-breakdown.json',
      about: 'Where each post’s views and shares came from, per day.',
      keys: breakdownKeys,
    },
  ],
  async write(context) {
    const { archive, analytics, userId, pageSize } = context;
    const figures = ({ day, ...row }: { day: string }) => ({ date: day, ...row });
    await archive.addGenerated(
      'analytics/account-daily.json',
      jsonArray(
        pagesBy((after, limit) => analytics.accountDays(userId, after, limit), cursorOfAggregate, pageSize),
        figures,
      ),
    );
    await archive.addGenerated(
      'analytics/account-breakdown.json',
      jsonArray(
        pagesBy((after, limit) => analytics.accountBreakdown(userId, after, limit), cursorOfAggregate, pageSize),
        figures,
      ),
    );
    await archive.addGenerated(
      'analytics/posts-daily.json',
      jsonArray(ofPosts(context, analytics.postDays.bind(analytics)), figures),
    );
    await archive.addGenerated(
      'analytics/posts-breakdown.json',
      jsonArray(ofPosts(context, analytics.postBreakdown.bind(analytics)), figures),
    );
  },
};
