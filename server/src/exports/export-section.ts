import type { Storage } from '../media/storage.ts';
import type { AnalyticsRowsRepository } from './analytics-rows.repository.ts';
import type { ArchiveRowsRepository, Keyset } from './archive-rows.repository.ts';
import type { ArchiveWriter } from './archive-writer.ts';

/** One file of the archive as README.txt describes it: what it holds and, for JSON, what each key means. */
export interface ArchiveFileDoc {
  readonly path: string;
  readonly about: string;
  readonly keys?: Readonly<Record<string, string>>;
}

/** What a section reads from and writes to. */
export interface SectionContext {
  readonly archive: ArchiveWriter;
  readonly rows: ArchiveRowsRepository;
  readonly analytics: AnalyticsRowsRepository;
  readonly storage: Storage;
  readonly userId: number;
  /** Rows read per query; nothing reads more at once. */
  readonly pageSize: number;
  /** Public origin, for links to posts and profiles. */
  readonly baseUrl: string;
}

/** One part of an export (profile, posts, likes...): the files it writes, and how. */
export interface ExportSection {
  readonly name: string;
  readonly files: readonly ArchiveFileDoc[];
  write(context: SectionContext): Promise<void>;
}

/** Pages of a list read by keyset: each page starts after the last row of the one before, until one comes back short. */
export async function* pagesBy<Row, Cursor>(
  fetch: (after: Cursor | undefined, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    const page = await fetch(after, size);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < size) return;
    after = cursorOf(last);
  }
}

/** Pages of a list read newest first by (time, id). */
export function pages<Row extends { readonly cursorAt: string }>(
  fetch: (after: Keyset | undefined, limit: number) => Promise<Row[]>,
  idOf: (row: Row) => number,
  size: number,
): AsyncGenerator<Row[]> {
  return pagesBy(fetch, (row) => ({ at: row.cursorAt, id: idOf(row) }), size);
}

const entry = (value: unknown) => `\n  ${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')}`;

/** A JSON array as text, one page of rows per chunk, each row shaped by `shape`. */
export async function* jsonArray<Row>(source: AsyncIterable<Row[]>, shape: (row: Row) => unknown): AsyncGenerator<string> {
  let separator = '';
  yield '[';
  for await (const page of source) {
    yield page
      .map((row) => {
        const text = separator + entry(shape(row));
        separator = ',';
        return text;
      })
      .join('');
  }
  yield separator ? '\n]\n' : ']\n';
}

/** A JSON document as pretty text with a final newline. */
export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const isoDate = (date: Date | null) => (date ? date.toISOString() : null);

/** The file extension of a stored key (`media/x/original.mp4` → `mp4`), or `bin` when it has none we trust. */
export function extensionOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(extension) && key.includes('.') ? extension : 'bin';
}

/**
 * Copies a stored object into the archive, when it is still there; false when it is not. Media is stored
 * as it is (already compressed); `compress` deflates text such as captions.
 */
export async function copyStored(context: SectionContext, key: string, path: string, compress = false): Promise<boolean> {
  const object = await context.storage.stat(key);
  const source = object ? await context.storage.get(key) : undefined;
  if (!object || !source) return false;
  await context.archive.addStream(path, source, { compress, size: object.size });
  return true;
}
