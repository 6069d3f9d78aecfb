import Fastify from 'fastify';
import { openDatabase } from '../../server/src/db/database.ts';
import { createLogger } from '../../server/src/logger.ts';
import { PostFeedRepository } from '../../server/src/posts/post-feed.repository.ts';

/** The size of a 20-post feed page as GET /api/post/ answers it on the bench datasets, before compression. */
const PAGE_BYTES = 15_000;
/** The app's default DB_POOL_SIZE, so both sides get as many connections. */
const POOL_SIZE = 20;
const PAGE_SIZE = 20;

/**
 * The yardstick every entry is divided by: the same Fastify, no plugins, one JSON route. It runs in its
 * own process, like the app, so it never shares an event loop with autocannon. `/page` answers a
 * pre-encoded body of a feed page's size: what the framework and the socket alone cost for that much data.
 * Given a database URL as its argument, `/posts?tagId|userId&t` also answers a public list page through the app's
 * own PostFeedRepository (its two queries, nothing else): what bare Fastify does with the same database work.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const page = Buffer.from(JSON.stringify({ statusCode: 2, filler: 'x'.repeat(PAGE_BYTES - 30) }));
app.get('/page', (_, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(page));

const [databaseUrl] = process.argv.slice(2);
const database = databaseUrl ? openDatabase(databaseUrl, POOL_SIZE, createLogger('warn')) : undefined;
if (database) {
  const feed = new PostFeedRepository(database.db, { genericPlans: database.genericPlans });
  const id = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  app.get('/posts', async (request) => {
    const query = request.query as Partial<Record<'tagId' | 'userId' | 't', string>>;
    const { posts, more } = await feed.page({
      viewerId: undefined,
      limit: PAGE_SIZE,
      offset: 0,
      snapshot: new Date(Number(query.t ?? Date.now())),
      tagId: id(query.tagId),
      userId: id(query.userId),
    });
    return { statusCode: 2, posts, canLoadMore: more };
  });
}

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
process.on(
  'SIGTERM',
  () =>
    void app.close().then(async () => {
      await database?.close();
      process.exit(0);
    }),
);
