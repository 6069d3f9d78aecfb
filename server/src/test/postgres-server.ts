/**
 * The test run's embedded PostgreSQL, in a process of its own, shared by every test file of the run.
 * Usage: node postgres-server.ts <folder> <port> [keep].
 * Stops and removes the folder when its stdin closes, so it also goes away when the test run is killed;
 * with `keep` the folder stays, so a test can start the same server again (a database restart).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { createLogger } from '../logger.ts';

const [folder, port, keep] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: postgres-server.ts <folder> <port>');
const server = await startEmbeddedPostgres(join(folder, 'pg'), Number(port), createLogger('warn'));
process.stdout.write(`READY ${server.url}\n`);

process.stdin.resume();
process.stdin.on('close', async () => {
  await server.stop();
  if (keep !== 'keep') rmSync(folder, { recursive: true, force: true });
  process.exit(0);
});
