/**
 * `./scripts/velvet backup <folder>` and `./scripts/velvet restore <folder>` (backup/README.md). The
 * database and storage are the configured ones: DATABASE_URL or the embedded cluster under DATA_DIR (which
 * must not be running: stop Velvet first), STORAGE_DRIVER's storage.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.ts';
import { createLogger } from '../logger.ts';
import { createStorage } from '../media/storage.ts';
import { backup } from './backup.ts';
import { restore } from './restore.ts';

const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('Usage: velvet backup <folder> | velvet restore <folder>');
  process.exit(2);
}
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const log = createLogger(config.logLevel);
let embedded: EmbeddedDatabase | undefined;
let url = config.database.url;
if (!url) {
  if (existsSync(join(config.database.embedded.dir, 'postmaster.pid'))) {
    console.error('The embedded PostgreSQL is running: stop Velvet first, or run against it with DATABASE_URL.');
    process.exit(1);
  }
  embedded = await startEmbeddedPostgres(config.database.embedded.dir, config.database.embedded.port, log);
  url = embedded.url;
}
const database = openDatabase(url, 2, log, config.database.timeouts);
const target = { pool: database.pool, storage: createStorage(config.storage), dataDir: config.dataDir };
try {
  const manifest = command === 'backup' ? await backup(target, folder) : await restore(target, folder, log);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `${command === 'backup' ? 'Backed up' : 'Restored'} ${manifest.tables.length} tables (${rows} rows) and ${manifest.media.objects} media objects, taken ${manifest.createdAt}.`,
  );
  if (manifest.media.missing.length > 0) console.log(`Missing from storage when taken: ${manifest.media.missing.join(', ')}`);
} catch (error) {
  console.error(`${command} failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
