import { DEMO_LOGIN } from '../../../server/src/seed/demo-data.ts';
import { multipart } from '../../../server/src/test/multipart.ts';

/**
 * The soak's mixed workload (`npm run soak`): what visitors and signed-in users do on the site, each step
 * one request. Visitors scroll the feed, open posts, profiles and pages, search; users also like and unlike,
 * follow and unfollow, read their notifications, and now and then upload a clip.
 */
export interface Outcome {
  readonly ok: boolean;
  /** What went wrong: an HTTP status, an envelope error code, or a network error. */
  readonly problem?: string;
}

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

export interface World extends Sample {
  readonly baseUrl: string;
  /** The simulated users' accounts, one session each. */
  readonly accounts: readonly Credentials[];
  /** Access tokens of the simulated users; renewed in place by `renewSessions` before they expire. */
  readonly tokens: string[];
  readonly clip: Buffer;
}

type Step = (world: World) => Promise<Outcome>;

/** A step and the endpoint it stands for in the per-endpoint figures (`GET /api/post`, `like+unlike`). */
export interface NamedStep {
  readonly name: string;
  readonly run: Step;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const SEARCH_WORDS = ['dance', 'beach', 'night', 'studio', 'glow', 'velvet', 'red', 'city'];
const TIMEOUT_MS = 30_000;

async function call(world: World, path: string, init: RequestInit & { token?: string } = {}): Promise<Outcome> {
  const headers = new Headers(init.headers);
  headers.set('language', 'en-US');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  try {
    const response = await fetch(`${world.baseUrl}${path}`, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    if (response.status !== 200) return { ok: false, problem: `http ${response.status} ${path.split('?')[0]}` };
    if (!(response.headers.get('content-type') ?? '').includes('json')) return { ok: true };
    const { statusCode, error } = JSON.parse(text) as { statusCode?: number; error?: string };
    return typeof statusCode === 'number' && statusCode < 0
      ? { ok: false, problem: `${error} ${path.split('?')[0]}` }
      : { ok: true };
  } catch (error) {
    return { ok: false, problem: `${(error as Error).name}: ${(error as Error).message} ${path.split('?')[0]}` };
  }
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const visitorSteps: readonly [number, NamedStep][] = [
  [6, { name: 'page /', run: (w) => call(w, '/') }],
  [30, { name: 'GET /api/post', run: (w) => call(w, `/api/post?limit=10&offset=${10 * Math.floor(Math.random() * 5)}`) }],
  [10, { name: 'GET /api/post/{id}', run: (w) => call(w, `/api/post/${pick(w.posts)}`) }],
  [2, { name: 'page /embed/{id}', run: (w) => call(w, `/embed/${pick(w.posts)}`) }],
  [2, { name: 'page /popular', run: (w) => call(w, '/popular') }],
  [3, { name: 'page /{profile}', run: (w) => call(w, `/${pick(w.usernames)}`) }],
  [3, { name: 'page /tag/{tag}', run: (w) => call(w, `/tag/${encodeURIComponent(pick(w.tags))}`) }],
  [6, { name: 'GET /api/user/{id}', run: (w) => call(w, `/api/user/${pick(w.users)}`) }],
  [6, { name: 'GET /api/2/search', run: (w) => call(w, `/api/2/search?q=${pick(SEARCH_WORDS)}`) }],
  [4, { name: 'GET /api/tag/popular', run: (w) => call(w, '/api/tag/popular') }],
  [4, { name: 'POST /api/post/view', run: (w) => call(w, `/api/post/view/${pick(w.posts)}`, json({})) }],
];

const userSteps: readonly [number, NamedStep][] = [
  [10, { name: 'GET /api/post following', run: (w) => call(w, '/api/post?limit=10&following=1', { token: pick(w.tokens) }) }],
  [8, { name: 'like+unlike', run: likeAndUnlike }],
  [4, { name: 'follow+unfollow', run: followAndUnfollow }],
  [
    5,
    {
      name: 'GET /api/notification',
      run: (w) => call(w, '/api/notification/post-like?limit=30', { token: pick(w.tokens) }),
    },
  ],
  [
    3,
    {
      name: 'GET /api/2/search signed in',
      run: (w) => call(w, `/api/2/search?q=${pick(SEARCH_WORDS)}`, { token: pick(w.tokens) }),
    },
  ],
];

async function likeAndUnlike(world: World): Promise<Outcome> {
  const token = pick(world.tokens);
  const post = pick(world.posts);
  const liked = await call(world, `/api/post/like/${post}`, { ...json({}), token });
  if (!liked.ok) return liked;
  return call(world, `/api/post/like/${post}`, { method: 'DELETE', token });
}

async function followAndUnfollow(world: World): Promise<Outcome> {
  const token = pick(world.tokens);
  const userId = pick(world.users);
  const followed = await call(world, '/api/user/follow', { ...json({ userId }), token });
  // The demo account itself is among the users: following oneself is refused, which is right.
  if (followed.problem?.startsWith('cannot_follow_self')) return { ok: true };
  if (!followed.ok) return followed;
  return call(world, '/api/user/follow', { ...json({ userId }), method: 'DELETE', token });
}

/** An upload of a real 3 s clip: an upload token, then the multipart upload that queues its processing. */
export const upload: NamedStep = { name: 'upload', run: uploadClip };

async function uploadClip(world: World): Promise<Outcome> {
  const token = pick(world.tokens);
  const response = await fetch(`${world.baseUrl}/api/media/uptoken`, { headers: { authorization: `Bearer ${token}` } }).catch(
    (error: Error) => error,
  );
  if (response instanceof Error) return { ok: false, problem: `uptoken: ${response.message}` };
  const { upToken } = (await response.json()) as { upToken?: string };
  if (!upToken) return { ok: false, problem: 'uptoken: none given' };
  const form = multipart([
    { name: 'purpose', value: 'post' },
    { name: 'upToken', value: upToken },
    { name: 'file', value: world.clip, filename: 'soak.mp4', type: 'video/mp4' },
  ]);
  return call(world, '/media-api/upload-preprocess', {
    method: 'POST',
    headers: { 'content-type': form.contentType },
    body: new Uint8Array(form.payload),
    token,
  });
}

function weighted(steps: readonly [number, NamedStep][]): () => NamedStep {
  const total = steps.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = Math.random() * total;
    for (const [weight, step] of steps) {
      roll -= weight;
      if (roll < 0) return step;
    }
    return steps[0]?.[1] as NamedStep;
  };
}

const visitorStep = weighted(visitorSteps);
const userStep = weighted([...visitorSteps, ...userSteps]);

/** One step of the mix: two in three are visitors', the rest signed-in users'. */
export function nextStep(): NamedStep {
  return Math.random() < 2 / 3 ? visitorStep() : userStep();
}

async function logIn(baseUrl: string, accounts: readonly Credentials[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const { username, password } of accounts) {
    const response = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { accessToken } = (await response.json()) as { accessToken?: string };
    if (!accessToken) throw new Error(`login of ${username} failed: status ${response.status}`);
    tokens.push(accessToken);
  }
  return tokens;
}

/** Access tokens live minutes: the simulated users sign in again, as the site's own refresh would. */
export async function renewSessions(world: World): Promise<void> {
  const fresh = await logIn(world.baseUrl, world.accounts);
  world.tokens.splice(0, world.tokens.length, ...fresh);
}

/** The demo account, signed in `count` times: the soak's simulated users on the demo content. */
export const demoAccounts = (count: number): Credentials[] => Array.from({ length: count }, () => DEMO_LOGIN);

/** Posts, their authors and tags the steps pick from. */
export interface Sample {
  readonly posts: readonly number[];
  readonly users: readonly number[];
  readonly usernames: readonly string[];
  readonly tags: readonly string[];
}

/** The newest 200 posts, their authors and tags, through the API. */
async function newestPosts(baseUrl: string): Promise<Sample> {
  const posts = new Set<number>();
  const users = new Map<number, string>();
  const tags = new Set<string>();
  for (let offset = 0; offset < 200; offset += 50) {
    const response = await fetch(`${baseUrl}/api/post?latest=1&limit=50&offset=${offset}`, { headers: { language: 'en-US' } });
    const body = (await response.json()) as {
      posts?: { id: number; user: { id: number; username: string }; tags: { tag: string }[] }[];
    };
    for (const post of body.posts ?? []) {
      posts.add(post.id);
      users.set(post.user.id, post.user.username);
      for (const { tag } of post.tags) tags.add(tag);
    }
  }
  return { posts: [...posts], users: [...users.keys()], usernames: [...users.values()], tags: [...tags] };
}

/**
 * Signs every account in (one session per simulated user) and learns the posts and users to visit: `sample`
 * when given (the mix draws them from all of its million posts), else the newest 200 posts.
 */
export async function prepareWorld(
  baseUrl: string,
  accounts: readonly Credentials[],
  clip: Buffer,
  sample?: Sample,
): Promise<World> {
  const tokens = await logIn(baseUrl, accounts);
  const found = sample ?? (await newestPosts(baseUrl));
  if (found.posts.length === 0 || found.tags.length === 0) throw new Error('no posts or tags found: is the content there?');
  return { ...found, baseUrl, accounts, tokens, clip };
}
