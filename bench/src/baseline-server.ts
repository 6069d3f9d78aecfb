import Fastify from 'fastify';

/**
 * The yardstick every entry is divided by: the same Fastify, no plugins, one JSON route. It runs in its
 * own process, like the app, so it never shares an event loop with autocannon.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ address });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
