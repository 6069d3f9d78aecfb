import Fastify from 'fastify';

/** The size of a 20-post feed page as GET /api/post/ answers it on the bench datasets. */
const PAGE_BYTES = 15_000;

/**
 * The yardstick every entry is divided by: the same Fastify, no plugins, one JSON route. It runs in its
 * own process, like the app, so it never shares an event loop with autocannon. `/page` answers a
 * pre-encoded body of a feed page's size: what the framework and the socket alone cost for that much data.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const page = Buffer.from(JSON.stringify({ statusCode: 2, filler: 'x'.repeat(PAGE_BYTES - 30) }));
app.get('/page', (_, reply) => reply.header('content-type', 'application/json; charset=utf-8').send(page));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
