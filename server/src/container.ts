import type { Logger } from 'pino';
import { type AccountServices, createAccountServices } from './accounts/account-services.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { JobQueue } from './jobs/queue.ts';
import { createStorage, type Storage } from './media/storage.ts';
import { SettingsService } from './settings/settings.service.ts';

/** Everything a process needs, built once and passed down; nothing reaches for a global. */
export interface Container {
  readonly config: Config;
  readonly log: Logger;
  readonly database: DatabaseHandle;
  readonly jobs: JobQueue;
  readonly storage: Storage;
  readonly services: {
    readonly settings: SettingsService;
    readonly accounts: AccountServices;
  };
  close(): Promise<void>;
}

export async function createContainer(config: Config, log: Logger, options: { databaseUrl?: string } = {}): Promise<Container> {
  const storage = createStorage(config.storage);
  let embedded: EmbeddedDatabase | undefined;
  let url = options.databaseUrl ?? config.database.url;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.database.embedded.dir, config.database.embedded.port, log);
    url = embedded.url;
  }
  const database = openDatabase(url, config.database.poolSize, log);
  try {
    await migrate(database.pool, log);
    const jobs = await JobQueue.open(database.pool);
    return {
      config,
      log,
      database,
      jobs,
      storage,
      services: {
        settings: new SettingsService(config.locale.defaultCountry),
        accounts: createAccountServices(database.db, config, log),
      },
      async close() {
        await jobs.close().catch((error) => log.warn({ err: error }, 'closing job queue failed'));
        await database.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
}
