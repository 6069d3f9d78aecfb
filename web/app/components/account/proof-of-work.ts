/** An ALTCHA challenge as GET /api/altcha answers it. */
export interface Challenge {
  readonly algorithm: 'SHA-256';
  readonly challenge: string;
  readonly maxnumber: number;
  readonly salt: string;
  readonly signature: string;
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Finds the number whose SHA-256 with the salt gives the challenge (ALTCHA proof of work) and returns the
 * base64 payload the server checks (`recaptchaToken` of spec §7). Runs in small slices so typing stays smooth.
 */
export async function solveChallenge(challenge: Challenge, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (number % 500 === 0) {
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const digest = hex(await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${number}`)));
    if (digest === challenge.challenge) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number,
        salt: challenge.salt,
        signature: challenge.signature,
      };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('challenge has no solution');
}
