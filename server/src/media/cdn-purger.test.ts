import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { startSilentServer } from '../test/silent-server.ts';
import { createCdnPurger, HttpCdnPurger, LoggingCdnPurger, PURGE_BATCH } from './cdn-purger.ts';

/** A stand-in for a CDN's purge endpoint: records each request, answers with the status the test sets. */
const received: { method: string; authorization: string | undefined; files: string[] }[] = [];
let answerStatus = 200;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { files } = JSON.parse(Buffer.concat(chunks).toString()) as { files: string[] };
    received.push({ method: request.method ?? '', authorization: request.headers.authorization, files });
    response.writeHead(answerStatus, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/zones/velvet/purge_cache`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const urls = (count: number) =>
  Array.from({ length: count }, (_, index) => `https://velvet.test/media/name${index}/poster-jpg.jpg`);

test('purges by URL with a bearer token, in batches a CDN accepts', async () => {
  received.length = 0;
  answerStatus = 200;
  await new HttpCdnPurger(url, 'secret', 5000).purge(urls(PURGE_BATCH * 2 + 5));
  expect(received.map((call) => call.files.length)).toEqual([PURGE_BATCH, PURGE_BATCH, 5]);
  expect(received.every((call) => call.method === 'POST' && call.authorization === 'Bearer secret')).toBe(true);
  expect(received.flatMap((call) => call.files)).toEqual(urls(PURGE_BATCH * 2 + 5));
});

test('an answer other than 2xx fails the purge, so the job is retried', async () => {
  answerStatus = 503;
  await expect(new HttpCdnPurger(url, '', 5000).purge(urls(1))).rejects.toThrow(/HTTP 503/);
  answerStatus = 200;
});

test('a CDN that accepts the connection and never answers fails the purge within the bound', async () => {
  const silent = await startSilentServer();
  try {
    const started = Date.now();
    await expect(new HttpCdnPurger(`${silent.url}/purge`, '', 300).purge(urls(1))).rejects.toThrow(
      /did not answer within 300 ms/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(silent.connections()).toBe(1);
  } finally {
    await silent.close();
  }
});

test('without CDN_PURGE_URL purges are only logged; with it they go over HTTP', () => {
  const log = createLogger('silent');
  expect(createCdnPurger({ purgeUrl: undefined, purgeToken: '', timeoutMs: 5000 }, log)).toBeInstanceOf(LoggingCdnPurger);
  expect(createCdnPurger({ purgeUrl: url, purgeToken: 'secret', timeoutMs: 5000 }, log)).toBeInstanceOf(HttpCdnPurger);
});
