import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Storage, StoredObject } from '../media/storage.ts';

/**
 * One zip archive written straight into storage. yazl (a streaming zip writer with one small dependency)
 * emits the archive as entries are added, deflating JSON and storing media as they are (video and images
 * are compressed already); storage.put consumes that stream, so neither the archive nor a file is ever
 * whole in memory. Entries go in one at a time: each `add…` resolves once its bytes are in the archive,
 * which makes a slow storage write hold back the database reads and media streams feeding it.
 */
export class ArchiveWriter {
  readonly #zip: ZipFile;
  readonly #mtime: Date;
  /** Settles only if the storage write fails first; an entry waiting for its turn must not wait forever. */
  readonly #broken: Promise<never>;

  constructor(zip: ZipFile, mtime: Date, stored: Promise<StoredObject>) {
    this.#zip = zip;
    this.#mtime = mtime;
    this.#broken = stored.then(
      () => new Promise<never>(() => undefined),
      (error: unknown) => {
        throw error;
      },
    );
    this.#broken.catch(() => undefined);
  }

  /** A small entry from memory (README.txt, one profile's JSON). */
  async addText(path: string, text: string): Promise<void> {
    await this.addStream(path, Readable.from([Buffer.from(text, 'utf8')]), { compress: true });
  }

  /** A JSON document written as it is produced: `chunks` yields its text piece by piece (a page of rows each). */
  async addGenerated(path: string, chunks: AsyncIterable<string>): Promise<void> {
    await this.addStream(path, Readable.from(chunks, { objectMode: false }), { compress: true });
  }

  /** An entry whose bytes come from `source`; `size`, when known, is checked by yazl against what arrives. */
  async addStream(path: string, source: Readable, options: { compress: boolean; size?: number }): Promise<void> {
    this.#zip.addReadStream(source, path, { mtime: this.#mtime, compress: options.compress, size: options.size });
    try {
      await Promise.race([finished(source), this.#broken]);
    } catch (error) {
      // A media stream left unread would hold its file or connection open.
      source.destroy();
      throw error;
    }
  }
}

/**
 * Writes the archive that `fill` makes under `key`. Storage shows readers the whole object or nothing: a
 * failure anywhere (a query, a media stream, the storage itself) aborts the write, leaves no object under
 * the key and rejects with the first error.
 */
export async function writeArchive(
  storage: Pick<Storage, 'put'>,
  key: string,
  mtime: Date,
  fill: (archive: ArchiveWriter) => Promise<void>,
): Promise<StoredObject> {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const stored = storage.put(key, output);
  stored.catch(() => undefined);
  zip.on('error', (error: Error) => output.destroy(error));
  // The put may not be reading yet when a failure destroys the stream; the failure is rethrown below.
  output.on('error', () => undefined);
  try {
    await fill(new ArchiveWriter(zip, mtime, stored));
    zip.end();
  } catch (error) {
    output.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  return stored;
}
