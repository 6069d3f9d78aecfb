import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Liveness says the process serves HTTP; readiness also needs the database. */
export default async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
