import type { Readable } from 'node:stream';
import { Suspense, use } from 'react';
import { expect, test, vi } from 'vitest';
import { renderDocument } from './render-document.server';

async function text(body: Readable): Promise<string> {
  let html = '';
  for await (const chunk of body) html += String(chunk);
  return html;
}

function Later({ promise }: { promise: Promise<string> }) {
  return <p>{use(promise)}</p>;
}

function page(promise: Promise<string>) {
  return (
    <main>
      <h1>Shell</h1>
      <Suspense fallback={<p>Loading</p>}>
        <Later promise={promise} />
      </Suspense>
    </main>
  );
}

const options = { nonce: 'n0nce', whole: false, timeoutMs: 2_000 };

test('a page whose parts all arrive is whole, and React’s inline scripts carry the nonce', async () => {
  const onLateFailure = vi.fn();
  const rendered = await renderDocument(page(new Promise((resolve) => setTimeout(() => resolve('Arrived'), 20))), {
    ...options,
    onLateFailure,
  });
  const html = await text(rendered.body);
  expect(html).toContain('Arrived');
  expect(html).toContain('nonce="n0nce"');
  expect(rendered.failedEarly).toBe(false);
  expect(onLateFailure).not.toHaveBeenCalled();
});

test('a part that fails after the shell went out is reported: the page is incomplete under its 200', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const onLateFailure = vi.fn();
  const failing = new Promise<string>((_, reject) => setTimeout(() => reject(new Error('late')), 20));
  const rendered = await renderDocument(page(failing), { ...options, onLateFailure });
  await text(rendered.body);
  expect(rendered.failedEarly).toBe(false);
  expect(onLateFailure).toHaveBeenCalledOnce();
});

test('a part that outruns the timeout is abandoned to the browser and reported', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const onLateFailure = vi.fn();
  const rendered = await renderDocument(page(new Promise<string>(() => undefined)), { ...options, timeoutMs: 50, onLateFailure });
  const html = await text(rendered.body);
  expect(html).toContain('Shell');
  expect(onLateFailure).toHaveBeenCalled();
});

test('a part that fails before the shell is sent makes the page a 500, and waiting for the whole page does so too', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const onLateFailure = vi.fn();
  const rejected = Promise.reject(new Error('early'));
  rejected.catch(() => undefined);
  const rendered = await renderDocument(page(rejected), { ...options, whole: true, onLateFailure });
  await text(rendered.body);
  expect(rendered.failedEarly).toBe(true);
  expect(onLateFailure).not.toHaveBeenCalled();
});
