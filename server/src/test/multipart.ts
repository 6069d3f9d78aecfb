import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** One part of a form: a text field, or a file (`filename` set) whose bytes may also come as a stream of chunks. */
export interface FormPart {
  readonly name: string;
  readonly value: Buffer | string | AsyncIterable<Uint8Array>;
  readonly filename?: string;
  readonly type?: string;
}

const newBoundary = () => `----velvet${randomBytes(8).toString('hex')}`;

function head(boundary: string, part: FormPart): Buffer {
  const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
  const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
  return Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`);
}

/** A multipart body as a browser's FormData sends it, whole in memory: for small forms. */
export function multipart(parts: readonly FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = newBoundary();
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (typeof part.value !== 'string' && !Buffer.isBuffer(part.value)) throw new Error('streamed parts need multipartStream');
    chunks.push(head(boundary, part), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The same body produced chunk by chunk, never whole in memory: for uploads of any size. */
export function multipartStream(parts: readonly FormPart[]): { body: Readable; contentType: string } {
  const boundary = newBoundary();
  async function* chunks() {
    for (const part of parts) {
      yield head(boundary, part);
      if (typeof part.value === 'string' || Buffer.isBuffer(part.value)) yield Buffer.from(part.value);
      else yield* part.value;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return { body: Readable.from(chunks(), { objectMode: false }), contentType: `multipart/form-data; boundary=${boundary}` };
}
