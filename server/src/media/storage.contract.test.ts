import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { temporaryDirectory } from '../test/processes.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import { type StorageUnderTest, storageContract } from './storage.contract.ts';
import { createStorage } from './storage.ts';

/**
 * One contract, two drivers: the local disk, and S3Storage against s3rver — an S3-compatible HTTP server from
 * npm, run on loopback with its data in a temporary folder (MinIO is not available here).
 */
const PART_BYTES = 5 * 1024 * 1024;
let folders: ReturnType<typeof temporaryDirectory>;
let local: StorageUnderTest;
let s3: StorageUnderTest & { storage: S3Storage };
let server: S3rver;

beforeAll(async () => {
  folders = temporaryDirectory('velvet-storage-contract-');
  local = { storage: new LocalStorage(`${folders.path}/local`), scratchDir: folders.path };
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: `${folders.path}/s3rver`,
    configureBuckets: [{ name: 'velvet-media', configs: [] }],
  });
  const { port } = await server.run();
  const storage = createStorage({
    driver: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'velvet-media',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    timeoutMs: 10_000,
  });
  if (!(storage instanceof S3Storage)) throw new Error('STORAGE_DRIVER=s3 did not build S3Storage');
  // The same options with a small part size, so the multipart path runs on a few megabytes.
  s3 = {
    storage: new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: 'velvet-media',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      timeoutMs: 10_000,
      partBytes: PART_BYTES,
    }),
    scratchDir: folders.path,
  };
  storage.close();
});

afterAll(async () => {
  s3?.storage.close();
  await server?.close();
  folders?.remove();
});

storageContract('local', () => local, PART_BYTES * 2 + 1234);
storageContract('S3 (s3rver)', () => s3, PART_BYTES * 2 + 1234);
