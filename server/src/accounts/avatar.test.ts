import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { multipart } from '../test/multipart.ts';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, signedUp } from './test-support.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());

/** A tiny PNG whose header declares the given canvas: what a decompression bomb looks like to a parser. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.alloc(16)), chunk('IEND', Buffer.alloc(0))]);
}

async function upload(browser: Browser, file: Buffer, options: { purpose?: string; filename?: string } = {}) {
  const body = multipart([
    { name: 'purpose', value: options.purpose ?? 'avatar' },
    { name: 'file', value: file, filename: options.filename ?? 'me.jpg', type: 'image/jpeg' },
  ]);
  return t.request({
    method: 'POST',
    url: '/media-api/upload',
    remoteAddress: browser.address,
    cookies: Object.fromEntries(browser.jar),
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** A real photo-like JPEG with EXIF (orientation and a camera name) as phones write them. */
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'Leaky 9' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('POST /media-api/upload (avatar)', () => {
  test('stores small, medium and retina in WebP and JPEG, upright and without EXIF, and profiles answer their URLs', async () => {
    const { browser, userId } = await signedUp(t);
    const response = await upload(browser, await photo());
    expect(response.body.statusCode).toBe(2);
    const avatar = response.body.avatar as Record<string, string>;
    expect(Object.keys(avatar).sort()).toEqual(
      ['small', 'medium', 'retina'].flatMap((size) => [`avatar-${size}-jpg`, `avatar-${size}-webp`]).sort(),
    );
    for (const [rendition, url] of Object.entries(avatar)) {
      const file = await t.get(url);
      expect(file.status, rendition).toBe(200);
      const bytes = Buffer.from(file.text, 'latin1');
      const meta = await sharp((await t.app.inject({ url })).rawPayload).metadata();
      const size = { small: 64, medium: 128, retina: 256 }[rendition.split('-')[1] as 'small'];
      expect(meta).toMatchObject({ width: size, height: size, format: rendition.endsWith('webp') ? 'webp' : 'jpeg' });
      expect(meta.exif, `${rendition} keeps no EXIF`).toBeUndefined();
      expect(bytes.includes('SecretCam')).toBe(false);
    }
    const profile = (await new Browser(t).get(`/api/user/${userId}`)).body.user;
    expect(profile.avatar).toEqual(avatar);
  });

  test('a new avatar replaces the old one and its files', async () => {
    const { browser } = await signedUp(t);
    const first = (await upload(browser, await photo())).body.avatar as Record<string, string>;
    const second = (await browser.post('/api/user/random-avatar')).body;
    expect(second.statusCode).toBe(2);
    expect(second.avatar['avatar-medium-webp']).not.toBe(first['avatar-medium-webp']);
    expect((await t.get(first['avatar-medium-webp'] as string)).status).toBe(404);
    expect((await t.get(second.avatar['avatar-retina-jpg'])).status).toBe(200);
    expect((await browser.get('/api/user/me')).body.user.avatar).toEqual(second.avatar);
  });

  test('decides the type from the content, whatever the name says', async () => {
    const { browser } = await signedUp(t);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    expect((await upload(browser, html, { filename: 'me.jpg' })).body).toMatchObject({
      statusCode: -62,
      error: 'not_video_or_image',
    });
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await upload(browser, gif)).body.error).toBe('unsupported_image_format');
    const truncated = (await photo()).subarray(0, 400);
    expect((await upload(browser, truncated)).body.error).toBe('not_video_or_image');
  });

  test('refuses a picture declaring too many pixels before decoding it, and one too small to see', async () => {
    const { browser } = await signedUp(t);
    const huge = pngDeclaring(20_000, 20_000);
    expect((await upload(browser, huge)).body).toMatchObject({ statusCode: -75, error: 'media_too_many_pixels' });
    const tiny = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(browser, tiny)).body).toMatchObject({ statusCode: -43, error: 'picture_too_small' });
  });

  test('needs a logged-in user, a file, the avatar purpose and a multipart body', async () => {
    const visitor = new Browser(t);
    expect((await upload(visitor, await photo())).body.error).toBe('login_required');
    expect((await visitor.post('/api/user/random-avatar')).body.error).toBe('login_required');
    const { browser } = await signedUp(t);
    expect((await upload(browser, await photo(), { purpose: 'post' })).body.error).toBe('invalid_input');
    const empty = multipart([{ name: 'purpose', value: 'avatar' }]);
    const none = await t.request({
      method: 'POST',
      url: '/media-api/upload',
      remoteAddress: browser.address,
      cookies: Object.fromEntries(browser.jar),
      headers: { 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(none.body.error).toBe('no_files');
    const json = await browser.post('/media-api/upload', { file: 'x' });
    expect(json.status).toBeLessThan(500);
    expect(json.body.statusCode).toBeLessThan(0);
  });
});
