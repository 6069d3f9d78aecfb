import { randomBytes } from 'node:crypto';
import { Readable, type Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { LocalStorage } from '../../media/local-storage.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { generateMasterKey, Keyring, parseMasterKeys } from './keyring.ts';
import { SealedError } from './sealed-error.ts';
import { rewrap, seal, sealedKeyId, unseal } from './sealed-format.ts';
import { SealedStore } from './sealed-store.ts';
import { createSealStream, createUnsealStream } from './sealed-stream.ts';

const oldKey = parseMasterKeys(generateMasterKey().replace(/^[^:]+/, 'old'))[0]!;
const newKey = parseMasterKeys(generateMasterKey().replace(/^[^:]+/, 'new'))[0]!;
const content = Buffer.from('legal name: Ada Example; born 1990-01-02');

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SealedError) return error.reason;
    throw error;
  }
  throw new Error('expected a SealedError');
}

async function streamed(source: Buffer[], step: Transform): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(source), step, collect);
  return Buffer.concat(chunks);
}

describe('buffers', () => {
  test('seal then unseal gives the content back, and two seals of it differ', () => {
    const keyring = new Keyring([oldKey]);
    const blob = seal(keyring, content);
    expect(unseal(keyring, blob)).toEqual(content);
    expect(blob.includes(content)).toBe(false);
    expect(seal(keyring, content).equals(blob)).toBe(false);
    expect(sealedKeyId(blob)).toBe('old');
  });

  test('any altered byte, a cut blob or a foreign blob is a typed error', () => {
    const keyring = new Keyring([oldKey]);
    const blob = seal(keyring, content);
    for (const index of [20, blob.length - 30, blob.length - 1]) {
      const altered = Buffer.from(blob);
      altered[index]! ^= 1;
      expect(failure(() => unseal(keyring, altered))).toBe('tampered');
    }
    expect(failure(() => unseal(keyring, blob.subarray(0, 40)))).toBe('truncated');
    expect(failure(() => unseal(keyring, Buffer.from('GIF89a not sealed at all')))).toBe('not_sealed');
    const otherVersion = Buffer.from(blob);
    otherVersion[4] = 9;
    expect(failure(() => unseal(keyring, otherVersion))).toBe('unsupported_version');
  });

  test('a blob sealed under a key the keyring lacks is unknown_key', () => {
    const blob = seal(new Keyring([oldKey]), content);
    expect(failure(() => unseal(new Keyring([newKey]), blob))).toBe('unknown_key');
  });

  test('rotation: rewrap moves the data key to the new master key and leaves the content bytes alone', () => {
    const blob = seal(new Keyring([oldKey]), content);
    const rotating = new Keyring([newKey, oldKey]);
    const rewrapped = rewrap(rotating, blob);
    expect(sealedKeyId(rewrapped)).toBe('new');
    expect(
      rewrapped.subarray(rewrapped.length - content.length - 16).equals(blob.subarray(blob.length - content.length - 16)),
    ).toBe(true);
    expect(unseal(new Keyring([newKey]), rewrapped)).toEqual(content);
    expect(rewrap(rotating, rewrapped)).toBe(rewrapped);
  });
});

describe('streams', () => {
  test('a few megabytes in odd-sized chunks seal and unseal as streams, and match the buffer form', async () => {
    const keyring = new Keyring([oldKey]);
    const source = Array.from({ length: 40 }, (_, index) => randomBytes(65_536 + index * 997));
    const whole = Buffer.concat(source);
    const sealed = await streamed(source, createSealStream(keyring));
    expect(unseal(keyring, sealed).equals(whole)).toBe(true);
    const pieces = Array.from({ length: Math.ceil(sealed.length / 7_777) }, (_, index) =>
      sealed.subarray(index * 7_777, (index + 1) * 7_777),
    );
    expect((await streamed(pieces, createUnsealStream(keyring))).equals(whole)).toBe(true);
  });

  test('a stream cut into pieces smaller than the tag opens too', async () => {
    const keyring = new Keyring([oldKey]);
    const sealed = seal(keyring, content);
    const pieces = Array.from({ length: Math.ceil(sealed.length / 7) }, (_, index) =>
      sealed.subarray(index * 7, (index + 1) * 7),
    );
    expect(await streamed(pieces, createUnsealStream(keyring))).toEqual(content);
  });

  test('an empty stream seals to a blob that opens to nothing', async () => {
    const keyring = new Keyring([oldKey]);
    const sealed = await streamed([], createSealStream(keyring));
    expect(unseal(keyring, sealed).length).toBe(0);
  });

  test('a tampered stream fails at its end, a cut one as truncated', async () => {
    const keyring = new Keyring([oldKey]);
    const sealed = seal(keyring, randomBytes(300_000));
    const altered = Buffer.from(sealed);
    altered[150_000]! ^= 1;
    await expect(streamed([altered], createUnsealStream(keyring))).rejects.toMatchObject({ reason: 'tampered' });
    await expect(streamed([sealed.subarray(0, 50)], createUnsealStream(keyring))).rejects.toMatchObject({ reason: 'truncated' });
    await expect(streamed([sealed], createUnsealStream(new Keyring([newKey])))).rejects.toMatchObject({ reason: 'unknown_key' });
  });
});

describe('sealed store', () => {
  const folders: { path: string; remove(): void }[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) folder.remove();
  });

  test('stores only ciphertext, and rewrapAll rotates every object so the old key can go', async () => {
    const folder = temporaryDirectory('velvet-sealed-');
    folders.push(folder);
    const storage = new LocalStorage(folder.path);
    const before = new SealedStore(storage, new Keyring([oldKey]));
    await before.put('sealed/identity/a/front.webp', content);
    await before.put('sealed/identity/b/selfie.webp', Readable.from([content.subarray(0, 10), content.subarray(10)]));
    const raw = Buffer.concat(await (await storage.get('sealed/identity/a/front.webp'))!.toArray());
    expect(raw.includes(content)).toBe(false);

    const during = new SealedStore(storage, new Keyring([newKey, oldKey]));
    await during.put('sealed/identity/c/front.webp', content);
    expect(await during.rewrapAll()).toEqual({ checked: 3, rewrapped: 2, failed: [] });
    expect(await during.rewrapAll()).toEqual({ checked: 3, rewrapped: 0, failed: [] });

    const after = new SealedStore(storage, new Keyring([newKey]));
    for (const key of ['a/front.webp', 'b/selfie.webp', 'c/front.webp']) {
      expect(await after.read(`sealed/identity/${key}`)).toEqual(content);
    }
    expect(Buffer.concat(await (await after.open('sealed/identity/b/selfie.webp'))!.toArray())).toEqual(content);
    expect(await after.read('sealed/identity/missing.webp')).toBeUndefined();
    await expect(after.put('media/x/front.webp', content)).rejects.toThrow(/sealed\//);
  });
});
