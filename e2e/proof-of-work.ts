import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib/v1';

/** Sign-up asks for an ALTCHA proof of work in recaptchaToken; a test solves it as the browser widget would. */
export async function proofOfWork(request: APIRequestContext): Promise<string> {
  const challenge = await (await request.get('/api/altcha')).json();
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('ALTCHA challenge without a solution');
  const { algorithm, challenge: digest, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: digest, number: solution.number, salt, signature })).toString(
    'base64',
  );
}
