/**
 * Starts the container (which migrates the database of DATABASE_URL) and stops again: what every node
 * of the app does on start-up, without needing the web build. Used by the concurrent-migration test.
 */
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { createLogger } from '../logger.ts';
import { closeDatabase } from './databases.ts';

const config = loadConfig();
const container = await createContainer(config, createLogger(config.logLevel));
await container.close();
await closeDatabase(container.database);
