import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { firstLoadScripts, measureFirstLoadJs } from './first-load-js.ts';

const page = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/assets/root.css"/>
<link rel="modulepreload" href="/assets/entry.client.js"/>
<link href="/assets/shared.js" rel="modulepreload">
</head><body><script>window.__context = {};</script>
<script type="module" async="">import * as route0 from "/assets/root.js";
import("/assets/entry.client.js");</script></body></html>`;

const files: Record<string, string> = {
  '/assets/entry.client.js': 'export const entry = "entry";'.repeat(50),
  '/assets/shared.js': 'export const shared = 1;',
  '/assets/root.js': 'import "./shared.js"; export default function Root() {}',
};

let baseUrl = '';
/** Compresses what is worth it when gzip is accepted, as the app's server does. */
const sent = (body: string) => (body.length >= 100 ? gzipSync(body) : Buffer.from(body));
const server = createServer((request, response) => {
  const body = request.url === '/' ? page : files[request.url ?? ''];
  if (body === undefined) return response.writeHead(404).end();
  const gzip = request.url !== '/' && request.headers['accept-encoding'] === 'gzip' && body.length >= 100;
  response.writeHead(200, gzip ? { 'content-encoding': 'gzip' } : {}).end(gzip ? gzipSync(body) : body);
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

test('finds modulepreloads and the modules inline scripts import, once each, and no stylesheets', () => {
  expect(firstLoadScripts(page, 'https://velvet.example/').sort()).toEqual([
    'https://velvet.example/assets/entry.client.js',
    'https://velvet.example/assets/root.js',
    'https://velvet.example/assets/shared.js',
  ]);
});

test('adds up what the server sends for every script of the first load, compressed or not', async () => {
  const result = await measureFirstLoadJs(baseUrl);
  const expected = Object.values(files).reduce((sum, body) => sum + sent(body).length, 0);
  expect(result.scripts).toHaveLength(3);
  expect(result.totalGzipBytes).toBe(expected);
  expect(result.totalBytes).toBe(Object.values(files).reduce((sum, body) => sum + body.length, 0));
  expect(result.withinBudget).toBe(true);
  const sizes = result.scripts.map((script) => script.gzipBytes);
  expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
});
