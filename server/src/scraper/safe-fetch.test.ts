import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isLoopbackAddress, isPublicAddress, mayConnect } from './address-policy.ts';
import { DnsHostResolver } from './host-resolver.ts';
import { findMediaUrl } from './media-page.ts';
import { SafeFetcher, ScraperFailure } from './safe-fetch.ts';
import { startTestDnsServer, type TestDnsServer } from './test-dns-server.ts';

describe('address policy', () => {
  test.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.170',
    '192.168.1.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    'not-an-address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test('loopback is reachable only on the ports a test allowed', () => {
    expect(isLoopbackAddress('127.0.0.2')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(mayConnect({ allowLoopbackPorts: [8080] }, '127.0.0.1', 8080)).toBe(true);
    expect(mayConnect({ allowLoopbackPorts: [8080] }, '127.0.0.1', 8081)).toBe(false);
    expect(mayConnect({ allowLoopbackPorts: [8080] }, '10.0.0.1', 8080)).toBe(false);
    expect(mayConnect({ allowLoopbackPorts: [] }, '::1', 80)).toBe(false);
    expect(mayConnect({ allowLoopbackPorts: [] }, '8.8.8.8', 6379)).toBe(true);
  });
});

describe('finding the media of a page', () => {
  const page = new URL('https://site.test/videos/42?ref=home');

  test('og:video wins over <video> and og:image; relative addresses and entities are resolved', () => {
    const html = `<head><meta property="og:image" content="/poster.jpg">
      <meta content="clip.mp4?a=1&amp;b=2" property="og:video"></head><video src="/other.mp4"></video>`;
    expect(findMediaUrl(html, page)?.href).toBe('https://site.test/videos/clip.mp4?a=1&b=2');
  });

  test('og:video:secure_url wins over og:video; <video src> and <source src> are found; comments are ignored', () => {
    expect(
      findMediaUrl(
        '<meta property="og:video" content="http://a.test/1.mp4"><meta property="og:video:secure_url" content="https://a.test/1.mp4">',
        page,
      )?.href,
    ).toBe('https://a.test/1.mp4');
    expect(findMediaUrl('<!-- <video src="/hidden.mp4"></video> --><video autoplay src=/shown.mp4 muted>', page)?.href).toBe(
      'https://site.test/shown.mp4',
    );
    expect(findMediaUrl("<video controls><source src='//cdn.test/s.webm' type='video/webm'></video>", page)?.href).toBe(
      'https://cdn.test/s.webm',
    );
    expect(findMediaUrl('<meta name="og:image" content="/p.png">', page)?.href).toBe('https://site.test/p.png');
  });

  test('a page without media gives nothing', () => {
    expect(findMediaUrl('<html><title>x</title><img src="/a.png"></html>', page)).toBeUndefined();
  });
});

describe('HTTPS to a checked address', () => {
  let server: Server;
  let port: number;
  let dns: TestDnsServer;
  let fetcher: SafeFetcher;
  const seen: { servername: string | undefined; host: string | undefined }[] = [];

  beforeAll(async () => {
    const [key, cert] = await Promise.all([
      readFile(new URL('./test-tls/media-test.key', import.meta.url), 'utf8'),
      readFile(new URL('./test-tls/media-test.crt', import.meta.url), 'utf8'),
    ]);
    server = createServer({ key, cert }, (request, response) => {
      seen.push({ servername: (request.socket as { servername?: string }).servername, host: request.headers.host });
      response.end('hello over TLS');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    dns = await startTestDnsServer({ 'media.test': ['127.0.0.1'], 'impostor.test': ['127.0.0.1'] });
    fetcher = new SafeFetcher({
      resolver: new DnsHostResolver([dns.address]),
      allowLoopbackPorts: [port],
      maxRedirects: 2,
      userAgent: 'test',
      tlsCa: cert,
    });
  });

  afterAll(async () => {
    server?.closeAllConnections();
    server?.close();
    await dns?.close();
  });

  test('connects to the resolved address and still checks the certificate against the name', async () => {
    const response = await fetcher.get(new URL(`https://media.test:${port}/clip`), AbortSignal.timeout(5_000));
    expect(await text(response.body)).toBe('hello over TLS');
    expect(seen.at(-1)).toEqual({ servername: 'media.test', host: `media.test:${port}` });
  });

  test.each(['impostor.test', '127.0.0.1'])('a certificate that does not name %s is refused', async (host) => {
    const failure = await fetcher
      .get(new URL(`https://${host}:${port}/clip`), AbortSignal.timeout(5_000))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScraperFailure);
    expect((failure as ScraperFailure).code).toBe('scraper_fetch_failed');
  });
});
