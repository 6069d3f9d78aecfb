import { expect, test } from '@playwright/test';
import { publishClip, signUp } from './people.ts';

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<i>Hello</i> from the harbour\n';
const UTF16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VTT, 'utf16le')]);

/**
 * A creator adds captions in the studio's captions tab (a wrongly encoded file is refused with a clear
 * message first); a viewer of the post turns captions on in the player and reads the cue over the video.
 */
test('a creator adds captions in the studio; a viewer turns them on in the player', async ({ browser }) => {
  // Most of it the clip's processing on a busy 2-core box.
  test.setTimeout(180_000);
  const creatorContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  try {
    await signUp(creatorContext.request, 'captioner');
    const postId = await publishClip(creatorContext.request, 'Harbour lights');

    const studio = await creatorContext.newPage();
    await studio.goto(`/studio/post/${postId}/captions?skip-entermodal`);
    await expect(studio.getByText('This video has no captions yet.')).toBeVisible();
    const file = studio.getByLabel('Caption file (.vtt or .srt)');
    await studio.getByRole('combobox', { name: 'Language' }).selectOption('en');
    await file.setInputFiles({ name: 'captions.vtt', mimeType: 'text/vtt', buffer: UTF16 });
    await studio.getByRole('button', { name: 'Upload captions' }).click();
    await expect(studio.getByRole('alert')).toContainText('The file is not UTF-8 text.');

    await file.setInputFiles({ name: 'captions.txt', mimeType: 'text/plain', buffer: Buffer.from(VTT) });
    await studio.getByRole('button', { name: 'Upload captions' }).click();
    const english = studio.getByTestId('caption-en');
    await expect(english).toContainText('Captions: 1');
    await expect(english).toContainText('Hello from the harbour');

    const viewer = await viewerContext.newPage();
    await viewer.goto(`/video?id=${postId}&skip-entermodal`);
    const card = viewer.locator(`article[data-post-id="${postId}"]`);
    const toggle = card.getByRole('button', { name: 'Captions' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByTestId('video-captions')).toHaveText('Hello from the harbour');
    await expect(card.getByTestId('video-captions').locator('i')).toHaveText('Hello');
  } finally {
    await creatorContext.close();
    await viewerContext.close();
  }
});
