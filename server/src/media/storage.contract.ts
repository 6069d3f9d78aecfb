import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import type { Storage } from './storage.ts';
import { InvalidStorageKeyError } from './storage-keys.ts';

/** What a contract run needs: the storage under test and a folder for source files. */
export interface StorageUnderTest {
  readonly storage: Storage;
  readonly scratchDir: string;
}

const read = async (storage: Storage, key: string, range?: { start: number; end: number }) => {
  const stream = await storage.get(key, range);
  return stream ? buffer(stream) : undefined;
};

/** A stream of `total` random bytes in chunks of `chunk`, failing after `failAfter` bytes when given. */
function randomStream(total: number, chunk: number, failAfter?: number): { stream: Readable; bytes: Buffer } {
  const bytes = randomBytes(total);
  let offset = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) {
        this.destroy(new Error('the upload broke off'));
        return;
      }
      this.push(offset < total ? bytes.subarray(offset, offset + chunk) : null);
      offset += chunk;
    },
  });
  return { stream, bytes };
}

/**
 * The behaviour every Storage driver promises (storage.ts), run against each driver by
 * storage.contract.test.ts. `largeBytes` exceeds the driver's single-request size so streams take the long path.
 */
export function storageContract(name: string, setUp: () => StorageUnderTest, largeBytes: number) {
  describe(`${name} storage contract`, () => {
    let sequence = 0;
    const key = (extension = 'bin') => `media/contract${++sequence}x${randomBytes(3).toString('hex')}/file.${extension}`;

    test('bytes put under a key come back whole, with size, type, ETag and date', async () => {
      const { storage } = setUp();
      const target = key('mp4');
      const bytes = randomBytes(1000);
      const stored = await storage.put(target, bytes);
      expect(stored).toMatchObject({ key: target, size: 1000, contentType: 'video/mp4' });
      expect(stored.etag).toMatch(/^"[^"]+"$/);
      expect(Math.abs(stored.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
      expect(await storage.stat(target)).toEqual(stored);
      expect(await storage.exists(target)).toBe(true);
      expect(await read(storage, target)).toEqual(bytes);
    });

    test('byte ranges are inclusive at both ends', async () => {
      const { storage } = setUp();
      const target = key('webm');
      const bytes = randomBytes(4096);
      await storage.put(target, bytes);
      expect(await read(storage, target, { start: 0, end: 0 })).toEqual(bytes.subarray(0, 1));
      expect(await read(storage, target, { start: 100, end: 1123 })).toEqual(bytes.subarray(100, 1124));
      expect(await read(storage, target, { start: 4095, end: 4095 })).toEqual(bytes.subarray(4095));
    });

    test('a long stream and a long file are stored whole', async () => {
      const { storage, scratchDir } = setUp();
      const streamed = randomStream(largeBytes, 64 * 1024);
      const target = key('mp4');
      expect((await storage.put(target, streamed.stream)).size).toBe(largeBytes);
      expect((await read(storage, target))?.equals(streamed.bytes)).toBe(true);
      const path = join(scratchDir, `source-${sequence}.bin`);
      const onDisk = randomBytes(largeBytes + 17);
      await writeFile(path, onDisk);
      const fromFile = key('jpg');
      expect(await storage.putFile(fromFile, path)).toMatchObject({ size: onDisk.length, contentType: 'image/jpeg' });
      expect((await read(storage, fromFile))?.equals(onDisk)).toBe(true);
    }, 60_000);

    test('a small file and an empty body are stored too', async () => {
      const { storage, scratchDir } = setUp();
      const path = join(scratchDir, `small-${sequence}.txt`);
      await writeFile(path, 'poster');
      const target = key('png');
      expect((await storage.putFile(target, path)).size).toBe(6);
      const empty = key();
      expect((await storage.put(empty, new Uint8Array(0))).size).toBe(0);
      expect(await read(storage, empty)).toEqual(Buffer.alloc(0));
    });

    test('a new put replaces the object whole; a failed put leaves the old one in place', async () => {
      const { storage } = setUp();
      const target = key();
      const before = await storage.put(target, Buffer.from('first version'));
      const after = await storage.put(target, Buffer.from('the second, longer version'));
      expect(after.etag).not.toBe(before.etag);
      expect((await read(storage, target))?.toString()).toBe('the second, longer version');
      const broken = randomStream(largeBytes, 64 * 1024, Math.floor(largeBytes / 2));
      await expect(storage.put(target, broken.stream)).rejects.toThrow(/broke off/);
      expect((await read(storage, target))?.toString()).toBe('the second, longer version');
    }, 60_000);

    test('a missing key reads as absent; deleting it is not an error', async () => {
      const { storage } = setUp();
      const target = key();
      expect(await storage.get(target)).toBeUndefined();
      expect(await storage.stat(target)).toBeUndefined();
      expect(await storage.exists(target)).toBe(false);
      await storage.delete(target);
      await storage.put(target, Buffer.from('x'));
      await storage.delete(target);
      expect(await storage.exists(target)).toBe(false);
    });

    test('a folder lists every object under it, nested ones too, and is deleted whole, sparing its neighbours', async () => {
      const { storage } = setUp();
      const folder = `media/contract${++sequence}x${randomBytes(3).toString('hex')}`;
      const inside = [`${folder}/mp4-360.mp4`, `${folder}/hls/360p/seg-001.m4s`, `${folder}/hls/master.m3u8`];
      const neighbours = [`${folder}x/poster-jpg.jpg`, `${folder}-poster.jpg`];
      for (const target of [...inside, ...neighbours]) await storage.put(target, Buffer.from(target));
      expect((await storage.list(`${folder}/`)).sort()).toEqual([...inside].sort());
      await storage.deletePrefix(`${folder}/`);
      expect(await storage.list(`${folder}/`)).toEqual([]);
      for (const target of inside) expect(await storage.exists(target)).toBe(false);
      for (const target of neighbours) expect(await storage.exists(target)).toBe(true);
      await storage.deletePrefix(`${folder}/`);
      expect(await storage.list(`media/never${randomBytes(3).toString('hex')}/`)).toEqual([]);
    });

    test('a folder of more objects than one delete request takes is deleted whole', async () => {
      const { storage } = setUp();
      const folder = `media/contract${++sequence}x${randomBytes(3).toString('hex')}/`;
      const keys = Array.from({ length: 1003 }, (_, index) => `${folder}hls/seg-${index}.m4s`);
      for (let start = 0; start < keys.length; start += 50) {
        await Promise.all(keys.slice(start, start + 50).map((target) => storage.put(target, Buffer.from('s'))));
      }
      expect(await storage.list(folder)).toHaveLength(1003);
      await storage.deletePrefix(folder);
      expect(await storage.list(folder)).toEqual([]);
    }, 120_000);

    test.each(['media', 'media/a', '../x/', 'media//', '/media/a/', 'media/.hidden/'])(
      'the folder %j is refused',
      async (bad) => {
        const { storage } = setUp();
        await expect(storage.list(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.deletePrefix(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      },
    );

    test.each(['', '../escape', 'media/../../etc/passwd', '.incoming/x', 'media/.hidden', 'a//b', '/absolute', 'media/a b'])(
      'the key %j is refused',
      async (bad) => {
        const { storage } = setUp();
        await expect(storage.put(bad, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(bad)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      },
    );
  });
}
