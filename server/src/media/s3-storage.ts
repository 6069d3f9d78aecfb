import { createReadStream } from 'node:fs';
import { stat as statFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { AppError } from '../http/errors.ts';
import type { ByteRange, Storage, StoredObject } from './storage.ts';
import { assertValidStorageKey, assertValidStoragePrefix, contentTypeOfKey } from './storage-keys.ts';

export interface S3StorageOptions {
  /** Empty for AWS itself; an S3-compatible server's URL otherwise (addressed path-style). */
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Connecting, and then each wait for the server's next bytes, give up after this long (OUTBOUND_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** Streams longer than this go up in parts of this size (S3's minimum is 5 MiB). */
  readonly partBytes?: number;
}

const DEFAULT_PART_BYTES = 8 * 1024 * 1024;
/** S3 deletes at most this many keys per DeleteObjects request. */
const DELETE_BATCH = 1000;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

async function* firstBytes(source: Readable, count: number): AsyncGenerator<Buffer> {
  let remaining = count;
  for await (const chunk of source) {
    const part = (chunk as Buffer).subarray(0, remaining);
    remaining -= part.length;
    yield part;
    if (remaining <= 0) return;
  }
}

/** Reads up to `size` bytes from a stream iterator, carrying over what a chunk had beyond them. */
async function nextPart(chunks: AsyncIterator<Buffer | Uint8Array | string>, carry: Buffer[], size: number): Promise<Buffer> {
  let length = carry.reduce((total, chunk) => total + chunk.length, 0);
  while (length < size) {
    const { value, done } = await chunks.next();
    if (done) break;
    const chunk = typeof value === 'string' ? Buffer.from(value) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    carry.push(chunk);
    length += chunk.length;
  }
  const all = Buffer.concat(carry.splice(0));
  if (all.length > size) carry.push(all.subarray(size));
  return all.subarray(0, size);
}

/**
 * Media in an S3 bucket (AWS or any S3-compatible server). A put becomes visible whole or not at all: single
 * PutObject for small bodies, a multipart upload (aborted on failure) for long streams, so memory stays at one
 * part whatever the size.
 */
export class S3Storage implements Storage {
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #partBytes: number;

  constructor(options: S3StorageOptions) {
    this.#bucket = options.bucket;
    this.#partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
    this.#client = new S3Client({
      region: options.region,
      // S3-compatible servers are addressed path-style, and many cannot read the aws-chunked bodies that the
      // SDK's optional checksums would send for streams.
      ...(options.endpoint
        ? {
            endpoint: options.endpoint,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      ...(options.accessKeyId
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // An inactivity bound, not a total one: a long multipart upload that keeps moving is not cut.
      requestHandler: { connectionTimeout: options.timeoutMs, socketTimeout: options.timeoutMs },
    });
    // Outermost step, so it sees the error after the SDK's own retries: a bucket that stops answering is a
    // 503 for the request that waited on it, not a 500.
    this.#client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          if ((error as Error | undefined)?.name === 'TimeoutError') throw new AppError('storage_unavailable');
          throw error;
        }
      },
      { step: 'initialize', name: 'storageUnavailableOnTimeout' },
    );
  }

  async put(key: string, body: Readable | Uint8Array): Promise<StoredObject> {
    assertValidStorageKey(key);
    if (!(body instanceof Readable)) return this.#putWhole(key, body, body.byteLength);
    const chunks = body[Symbol.asyncIterator]();
    const carry: Buffer[] = [];
    const first = await nextPart(chunks, carry, this.#partBytes);
    if (first.length < this.#partBytes) return this.#putWhole(key, first, first.length);
    return this.#putInParts(key, first, chunks, carry);
  }

  async putFile(key: string, path: string): Promise<StoredObject> {
    assertValidStorageKey(key);
    const { size } = await statFile(path);
    if (size > this.#partBytes) return this.put(key, createReadStream(path));
    return this.#putWhole(key, createReadStream(path), size);
  }

  async get(key: string, range?: ByteRange): Promise<Readable | undefined> {
    assertValidStorageKey(key);
    try {
      const object = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!(object.Body instanceof Readable)) return undefined;
      const expected = range ? range.end - range.start + 1 : undefined;
      // Some S3-compatible servers (s3rver) answer `bytes=0-0` with everything from 0: keep what was asked for.
      if (expected !== undefined && object.ContentLength !== undefined && object.ContentLength > expected) {
        return Readable.from(firstBytes(object.Body, expected));
      }
      return object.Body;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertValidStorageKey(key);
    try {
      const head = await this.#client.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: contentTypeOfKey(key),
        etag: head.ETag ?? `"${head.ContentLength}-${head.LastModified?.getTime()}"`,
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertValidStorageKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    assertValidStoragePrefix(prefix);
    const keys: string[] = [];
    // Pages follow each other by their last key (Marker), which every S3-compatible server understands;
    // s3rver cannot make ListObjectsV2 continuation tokens on Node 24 (it ciphers them with DES).
    for (let marker: string | undefined, truncated = true; truncated; ) {
      const page = await this.#client.send(
        new ListObjectsCommand({ Bucket: this.#bucket, Prefix: prefix, ...(marker ? { Marker: marker } : {}) }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      marker = keys.at(-1);
      truncated = Boolean(page.IsTruncated && page.Contents?.length);
    }
    return keys;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const { Errors } = await this.#client.send(
        new DeleteObjectsCommand({ Bucket: this.#bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = Errors?.[0];
      if (failed) throw new Error(`S3 could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  }

  /** Stops the client's sockets (tests and shutdown). */
  close(): void {
    this.#client.destroy();
  }

  async #putWhole(key: string, body: Uint8Array | Readable, length: number): Promise<StoredObject> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: contentTypeOfKey(key),
      }),
    );
    return this.#statWritten(key);
  }

  async #putInParts(key: string, first: Buffer, chunks: AsyncIterator<Buffer | Uint8Array | string>, carry: Buffer[]) {
    const { UploadId } = await this.#client.send(
      new CreateMultipartUploadCommand({
        Bucket: this.#bucket,
        Key: key,
        ContentType: contentTypeOfKey(key),
      }),
    );
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    try {
      for (let part: Buffer = first; part.length > 0; part = await nextPart(chunks, carry, this.#partBytes)) {
        const PartNumber = parts.length + 1;
        const { ETag } = await this.#client.send(
          new UploadPartCommand({ Bucket: this.#bucket, Key: key, UploadId, PartNumber, Body: part, ContentLength: part.length }),
        );
        parts.push({ ETag, PartNumber });
      }
      await this.#client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      await this.#client
        .send(new AbortMultipartUploadCommand({ Bucket: this.#bucket, Key: key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
    return this.#statWritten(key);
  }

  async #statWritten(key: string): Promise<StoredObject> {
    const stored = await this.stat(key);
    if (!stored) throw new Error(`S3 object ${key} missing right after writing it`);
    return stored;
  }
}
