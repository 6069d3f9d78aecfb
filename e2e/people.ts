import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { proofOfWork } from './proof-of-work.ts';

/** The password every account a spec signs up gets. */
export const TEST_PASSWORD = 'violet-harbour-1984';

/**
 * Signs a new account up through the API, solving the proof of work as the browser would; the request
 * context is then logged in as it. `name` is a short prefix; the username is made unique with the time.
 */
export async function signUp(request: APIRequestContext, name: string): Promise<{ id: number; username: string }> {
  const username = `${name}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const recaptchaToken = await proofOfWork(request);
  const answer = await (
    await request.post('/api/signup', {
      data: { username, email: `${username}@example.com`, password: TEST_PASSWORD, recaptchaToken },
    })
  ).json();
  expect(answer.statusCode, JSON.stringify(answer)).toBeGreaterThan(0);
  return { id: answer.userId, username };
}

/** A 2 s portrait clip at the smallest accepted size (one rung to make), no other test made (its own colour and tone), so the duplicate check lets it through. */
export function uniqueClip(seed: number): Buffer {
  const folder = join(import.meta.dirname, '.results', 'people-media');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `clip-${process.pid}-${seed}.mp4`);
  const colour = `#${(seed % 0xffffff).toString(16).padStart(6, '0')}`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `life=s=480x720:r=25:mold=5:life_color=${colour}`],
    ...['-f', 'lavfi', '-i', `sine=f=${200 + (seed % 600)}:d=2`],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return readFileSync(file);
}

/**
 * Uploads a clip (a fresh 2 s one unless given) as the logged-in account of `request`; answers the post's
 * id, still in the pipeline.
 */
export async function uploadClip(request: APIRequestContext, title: string, clip = uniqueClip(Date.now())): Promise<number> {
  const { upToken } = await (await request.get('/api/media/uptoken')).json();
  const uploaded = await (
    await request.post('/media-api/upload-preprocess', {
      multipart: {
        purpose: 'post',
        upToken,
        title,
        file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip },
      },
    })
  ).json();
  expect(uploaded.statusCode, JSON.stringify(uploaded)).toBe(1);
  return uploaded.postId;
}

/**
 * Uploads a fresh 2 s clip as the logged-in account of `request` and waits until the pipeline has
 * published it (seconds on an idle machine; the wait allows for a busy one and a retried job); answers
 * the post's id.
 */
export async function publishClip(request: APIRequestContext, title: string): Promise<number> {
  const postId = await uploadClip(request, title);
  await expect
    .poll(async () => (await (await request.get(`/api/post/${postId}`)).json()).post?.status, { timeout: 120_000 })
    .toBe(6);
  return postId;
}
