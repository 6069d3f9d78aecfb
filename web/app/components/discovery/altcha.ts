import { useCallback, useRef } from 'react';
import { api } from '../../lib/api';

interface Challenge {
  readonly algorithm: string;
  readonly challenge: string;
  readonly salt: string;
  readonly signature: string;
  readonly maxnumber?: number;
}

const BATCH = 256;
const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Solves an ALTCHA proof-of-work challenge (SHA-256 of salt + n equals the challenge) in the browser and
 * returns the payload the server expects in `recaptchaToken`: base64 JSON of the challenge plus `number`.
 */
export async function solveChallenge(challenge: Challenge): Promise<string> {
  const encoder = new TextEncoder();
  const max = challenge.maxnumber ?? 1_000_000;
  for (let start = 0; start <= max; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, max - start + 1) }, (_, offset) => start + offset);
    const digests = await Promise.all(
      numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))),
    );
    const found = digests.findIndex((digest) => hex(digest) === challenge.challenge);
    if (found >= 0) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: numbers[found], salt, signature }));
    }
  }
  throw new Error('ALTCHA challenge could not be solved');
}

/**
 * A solved challenge on demand. `prepare` starts fetching and solving early (when the visitor starts on
 * the form) so sending rarely waits; `take` hands the solution out once, since each is good for one message.
 */
export function useAltcha() {
  const pending = useRef<Promise<string> | undefined>(undefined);
  const prepare = useCallback(() => {
    pending.current ??= api<{ challenge: Challenge }>('/api/contact/challenge').then((answer) =>
      solveChallenge(answer.challenge),
    );
    pending.current.catch(() => {
      pending.current = undefined;
    });
  }, []);
  const take = useCallback(async () => {
    prepare();
    const token = pending.current as Promise<string>;
    pending.current = undefined;
    return token;
  }, [prepare]);
  return { prepare, take };
}
