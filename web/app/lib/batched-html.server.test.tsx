import { lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { batchedHtml } from './batched-html.server';

const rows = Array.from({ length: 400 }, (_, index) => `row ${index} ${'x'.repeat(40)}`).map((row) => <li key={row}>{row}</li>);

function render(element: React.ReactElement) {
  return new Promise<{ chunks: Buffer[]; ended: Promise<void> }>((resolve) => {
    const chunks: Buffer[] = [];
    let done: () => void;
    const ended = new Promise<void>((settle) => {
      done = settle;
    });
    const { pipe } = renderToPipeableStream(element, {
      onShellReady() {
        const body = batchedHtml(() => undefined);
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => done());
        pipe(body);
        resolve({ chunks, ended });
      },
    });
  });
}

describe('the server render stream', () => {
  test('passes a page React writes in one flush on as one chunk', async () => {
    const { chunks, ended } = await render(<ul>{rows}</ul>);
    await ended;
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.length).toBeGreaterThan(16_000);
    expect(chunks[0]?.toString()).toMatch(/^<ul><li>row 0 x+<\/li>.*<li>row 399 x+<\/li><\/ul>$/);
  });

  test('streams a boundary that resolves later as a batch of its own', async () => {
    let load: (module: { default: () => React.ReactElement }) => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: () => React.ReactElement }>((settle) => (load = settle)));
    const { chunks, ended } = await render(
      <main>
        <ul>{rows}</ul>
        <Suspense fallback={<p>waiting</p>}>
          <Later />
        </Suspense>
      </main>,
    );
    await new Promise((settle) => setImmediate(settle));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.toString()).toContain('waiting');
    load({ default: () => <p>arrived</p> });
    await ended;
    expect(chunks).toHaveLength(2);
    expect(chunks[1]?.toString()).toContain('arrived');
  });
});
