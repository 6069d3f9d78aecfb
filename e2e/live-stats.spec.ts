import { type APIRequestContext, expect, test } from '@playwright/test';
import { openWithSocket } from './pages.ts';

/**
 * The websocket messages of spec §7 that feed tag and playlist statistics, as a visitor sends them by
 * using the site: opening a tag page counts a visit (hitTag), its Share button a share (shareTag), and
 * opening a playlist counts a visit (hitPlaylist). Counts are read as the signed-in demo creator, whose
 * answers bypass the 60 s public cache. Desktop only: the counts are shared by both projects' runs.
 */
test.beforeEach(({ isMobile }) => {
  test.skip(isMobile, 'the counters are global; one viewport is enough');
});

const DEMO = { username: 'demo', password: 'velvet-demo-2026' };

interface TagStats {
  readonly hitsCount: number;
  readonly sharesCount: number;
}

async function tagStats(api: APIRequestContext, tag: string): Promise<TagStats> {
  const answer = await (await api.get(`/api/tag/translate?tag=${encodeURIComponent(tag)}`)).json();
  return { hitsCount: answer.tag.stats.hitsCount, sharesCount: answer.tag.stats.sharesCount };
}

async function playlistHits(api: APIRequestContext, id: number): Promise<number> {
  const answer = await (await api.get(`/api/playlist/?playlistId=${id}`)).json();
  return answer.playlists[0].hitsCount;
}

test('visiting and sharing a tag, and visiting a playlist, move their counts', async ({ page, context, playwright, baseURL }) => {
  // Three page loads and three counters polled: more than the default on a machine busy with the seed's media jobs.
  test.setTimeout(60_000);
  const api = await playwright.request.newContext({ baseURL });
  expect((await (await api.post('/api/login', { data: DEMO })).json()).statusCode).toBeGreaterThan(0);

  const { tags } = await (await api.get('/api/tag/popular')).json();
  const tag: string = tags[0].tag;
  const before = await tagStats(api, tag);
  await openWithSocket(page, `/tag/${encodeURIComponent(tag)}?skip-entermodal`);
  await expect.poll(async () => (await tagStats(api, tag)).hitsCount).toBe(before.hitsCount + 1);

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('utm_campaign=tag');
  await expect.poll(async () => (await tagStats(api, tag)).sharesCount).toBe(before.sharesCount + 1);

  const { playlists } = await (await api.get('/api/playlist/popular')).json();
  const playlist: { id: number; name: string } = playlists[0];
  const hits = await playlistHits(api, playlist.id);
  await page.goto(`/playlist/${playlist.id}-${encodeURIComponent(playlist.name)}`);
  await expect.poll(() => playlistHits(api, playlist.id)).toBe(hits + 1);
  await api.dispose();
});
