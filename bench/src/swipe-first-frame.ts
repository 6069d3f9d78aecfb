import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startApp, stopAll } from './servers.ts';

/**
 * Time from a swipe (the key that moves the feed on) to the first frame of the next video, in Debian's
 * Chromium against the built app: the feed records it as the User Timing measure below (from the key
 * event's time to requestVideoFrameCallback after playback starts). Target: p95 under 100 ms when the
 * next video was preloaded, which the feed does for the next two.
 */
const MEASURE = 'velvet:swipe-to-first-frame';
export const FIRST_FRAME_TARGET_MS = 100;

const usage = `Usage: node bench/src/swipe-first-frame.ts [--url <app url>] [--swipes <n>]
  --url     a running app (default: start the built app on bench/.data, as npm run bench does)
  --swipes  moves down the feed (default 20)`;

/** The value at a percentile (nearest rank) of some measurements. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] as number;
}

export async function measureSwipes(baseUrl: string, swipes: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(new URL('/?skip-entermodal', baseUrl).href);
    await page.getByTestId('vertical-feed').waitFor();
    for (let swipe = 0; swipe < swipes; swipe++) {
      // Time for the next videos to buffer, as a viewer watching for a moment gives them.
      await page.waitForTimeout(1200);
      await page.keyboard.press('ArrowDown');
    }
    await page.waitForTimeout(1200);
    return await page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), MEASURE);
  } finally {
    await browser.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { url: { type: 'string' }, swipes: { type: 'string', default: '20' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const swipes = Number(values.swipes);
  if (!Number.isInteger(swipes) || swipes < 1) throw new Error(`--swipes must be a positive integer\n${usage}`);
  process.stderr.write(values.url ? `measuring ${values.url}\n` : 'starting the app (bench/.data; the first run seeds it)…\n');
  const baseUrl = values.url ?? (await startApp()).url;
  const times = await measureSwipes(baseUrl, swipes);
  const round = (value: number) => Math.round(value);
  console.log(
    `\nswipe to first frame: ${times.length} videos started after ${swipes} swipes (image sets have no frame to wait for)`,
  );
  console.log(
    `p50 ${round(percentile(times, 0.5))} ms  p95 ${round(percentile(times, 0.95))} ms  max ${round(Math.max(...times))} ms`,
  );
  console.log(
    `each, fastest first: ${[...times]
      .sort((a, b) => a - b)
      .map(round)
      .join(' ')}`,
  );
  // Issue 23 judges the 95th percentile, so one slow start in twenty fails it.
  console.log(`target p95 < ${FIRST_FRAME_TARGET_MS} ms: ${percentile(times, 0.95) < FIRST_FRAME_TARGET_MS ? 'met' : 'missed'}`);
  if (times.length === 0) process.exitCode = 1;
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}
