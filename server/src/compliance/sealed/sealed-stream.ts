import { Transform } from 'node:stream';
import type { Keyring } from './keyring.ts';
import { SealedError } from './sealed-error.ts';
import { beginSeal, beginUnseal, readHeader, rewrapHeader, TAG_BYTES } from './sealed-format.ts';

function asSealedError(error: unknown): Error {
  return error instanceof SealedError ? error : new SealedError('tampered', 'the sealed blob does not verify');
}

/** Seals a stream of any length: header first, the content as it comes, the tag after the last byte. */
export function createSealStream(keyring: Keyring): Transform {
  const { header, cipher } = beginSeal(keyring);
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      start(this);
      done(null, cipher.update(chunk));
    },
    flush(done) {
      start(this);
      this.push(cipher.final());
      done(null, cipher.getAuthTag());
    },
  });
}

/**
 * Opens a sealed stream. GCM verifies only at the end, so content bytes flow out before the tag is checked:
 * a reader must treat an error at the end (SealedError `tampered` or `truncated`) as a failed read and
 * discard or abort what it passed on. An HTTP reply does so by destroying the response, so the client sees
 * a cut transfer, never a complete body.
 */
export function createUnsealStream(keyring: Keyring): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let decipher: ReturnType<typeof beginUnseal> | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        let content = chunk;
        if (!decipher) {
          pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
          const header = readHeader(pending);
          if (!header) return done();
          decipher = beginUnseal(keyring, header);
          content = pending.subarray(header.bytes.length);
          pending = Buffer.alloc(0);
        }
        // The last 16 bytes may be the tag: hold them back until the stream ends, copying only those.
        if (content.length >= TAG_BYTES) {
          if (pending.length) this.push(decipher.update(pending));
          pending = Buffer.from(content.subarray(content.length - TAG_BYTES));
          return done(null, decipher.update(content.subarray(0, content.length - TAG_BYTES)));
        }
        const joined = Buffer.concat([pending, content]);
        pending = Buffer.from(joined.subarray(Math.max(0, joined.length - TAG_BYTES)));
        done(null, decipher.update(joined.subarray(0, Math.max(0, joined.length - TAG_BYTES))));
      } catch (error) {
        done(asSealedError(error));
      }
    },
    flush(done) {
      if (!decipher || pending.length < TAG_BYTES) return done(new SealedError('truncated', 'the sealed blob is cut short'));
      try {
        decipher.setAuthTag(pending);
        done(null, decipher.final());
      } catch (error) {
        done(asSealedError(error));
      }
    },
  });
}

/** Re-wraps a sealed stream's data key under the current master key; the content passes through untouched. */
export function createRewrapStream(keyring: Keyring): Transform {
  let head: Buffer | undefined = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (!head) return done(null, chunk);
      try {
        head = Buffer.concat([head, chunk]);
        const header = readHeader(head);
        if (!header) return done();
        this.push(rewrapHeader(keyring, header));
        const rest = head.subarray(header.bytes.length);
        head = undefined;
        done(null, rest);
      } catch (error) {
        done(asSealedError(error));
      }
    },
    flush(done) {
      done(head ? new SealedError('truncated', 'the sealed blob is cut short') : null);
    },
  });
}
