import { readdirSync, readFileSync } from 'node:fs';
import { solveChallenge } from 'altcha-lib/v1';
import type { OutboxEntry } from '../mail/mailer.ts';
import type { TestApp, TestResponse } from '../test/test-app.ts';

/** Settings for account tests: an easy proof of work, so a test spends milliseconds, not seconds, on it. */
export const ACCOUNT_TEST_ENV: Readonly<Record<string, string>> = { ALTCHA_MAX_NUMBER: '1000' };

let lastAddress = 0;
/** A fresh client address per caller, so the per-IP limits of one test do not spill into the next. */
export function nextAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/** Applies Set-Cookie headers to a jar the way a browser would (an expired or emptied cookie is dropped). */
export function applySetCookies(jar: Map<string, string>, header: TestResponse['headers'][string]): void {
  const lines = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = decodeURIComponent(pair.slice(at + 1));
    const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=.*1970/i.test(attribute));
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** A browser-like client: keeps cookies between calls and comes from its own address. */
export class Browser {
  readonly jar = new Map<string, string>();
  readonly address: string;
  private readonly t: TestApp;

  constructor(t: TestApp, address = nextAddress()) {
    this.t = t;
    this.address = address;
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.t.request({
      method,
      url,
      remoteAddress: this.address,
      cookies: Object.fromEntries(this.jar),
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    applySetCookies(this.jar, response.headers['set-cookie']);
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.call('GET', url, undefined, headers);
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.call('POST', url, body, headers);
  }
}

/** Solves a fresh ALTCHA challenge as the sign-up and reset forms do; the result goes in `recaptchaToken`. */
export async function proofOfWork(t: TestApp): Promise<string> {
  const challenge = (await t.request({ method: 'GET', url: '/api/altcha', remoteAddress: nextAddress() })).body;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('ALTCHA challenge without a solution');
  const { algorithm, challenge: digest, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: digest, number: solution.number, salt, signature })).toString(
    'base64',
  );
}

let lastUser = 0;
/** A unique, valid username (two letters at least) for this test file. */
export function uniqueName(prefix = 'user'): string {
  lastUser += 1;
  return `${prefix}${lastUser}_${Math.random().toString(36).slice(2, 7)}`;
}

export const GOOD_PASSWORD = 'Correct horse battery 42';

/** Signs a new user up in a fresh browser; the browser ends up logged in. */
export async function signedUp(t: TestApp, name = uniqueName(), password = GOOD_PASSWORD) {
  const browser = new Browser(t);
  const email = `${name}@example.test`;
  const response = await browser.post('/api/signup', { username: name, email, password, recaptchaToken: await proofOfWork(t) });
  if (response.body?.statusCode !== 2) throw new Error(`sign-up failed: ${response.text}`);
  return { browser, username: name, email, password, userId: response.body.userId as number, session: response.body };
}

/** Messages the outbox transport wrote, oldest first. */
export function outbox(t: TestApp): OutboxEntry[] {
  const dir = t.container.config.mail.outboxDir;
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names.sort().map((name) => JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as OutboxEntry);
}

/** The token at the end of the newest link to `path` sent to `to`. */
export function linkToken(t: TestApp, to: string, path: '/action/' | '/reset-password/'): string {
  const message = outbox(t)
    .filter((entry) => entry.to === to && entry.text.includes(path))
    .at(-1);
  const match = message ? new RegExp(`${path}([A-Za-z0-9_-]+)`).exec(message.text) : null;
  if (!match?.[1]) throw new Error(`no ${path} link sent to ${to}`);
  return match[1];
}
