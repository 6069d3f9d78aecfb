import { Transform } from 'node:stream';

/**
 * The stream a server render is piped into. React writes a page in 4 KB pieces and calls `flush()` after
 * each batch it writes (meant for compression streams); this passes each batch on as one chunk. Piece by
 * piece, a 47 KB studio page cost a dozen zstd round trips to the thread pool and a dozen socket writes,
 * about a quarter of the page's CPU (issue 22). Streaming is unchanged: a Suspense boundary that resolves
 * later is its own batch, sent when React flushes it.
 */
export function batchedHtml(onEnd: () => void): Transform {
  let pieces: Buffer[] = [];
  const take = () => {
    const batch = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
    pieces = [];
    return batch;
  };
  const body = new Transform({
    transform(piece: Buffer, _encoding, callback) {
      pieces.push(piece);
      callback();
    },
    flush(callback) {
      onEnd();
      callback(null, pieces.length ? take() : undefined);
    },
  });
  return Object.assign(body, {
    flush() {
      if (pieces.length) body.push(take());
    },
  });
}
