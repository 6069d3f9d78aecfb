import { type Config, ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';

/**
 * Entrypoints:
 *   app-with-worker  HTTP server and background worker in one process (what `npm start` runs)
 *   app              HTTP server only, for scaling out web nodes (HTTP_PROCESSES copies: http/http-processes.ts)
 *   worker           background jobs only
 *   dev              like app-with-worker, with the web app served through Vite (hot reload)
 *   admin create <username>   grants the admin role (moderation/admin-command.ts), then exits
 *   sealed rewrap    re-wraps sealed files under the current master key (compliance/sealed/README.md)
 *   records guard    runs the 2257 legacy guard now (compliance/records/README.md), then exits
 */
const modes = ['app-with-worker', 'app', 'worker', 'dev', 'admin', 'sealed', 'records'] as const;
const mode = (process.argv[2] ?? 'app-with-worker') as (typeof modes)[number];
if (!modes.includes(mode)) {
  console.error(`Unknown mode "${mode}". Use one of: ${modes.join(', ')}`);
  process.exit(2);
}
let config: Config;
try {
  config = loadConfig(mode === 'dev' ? { NODE_ENV: 'development' } : {});
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}
const log = createLogger(config.logLevel);
// graphile-worker gives up writing a job's outcome when the database stays away too long and leaves that
// promise rejected; the job is released by the worker's sweep (jobs/worker-liveness.ts), so a database
// restart must not take the whole process down with it.
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
if (mode === 'admin') {
  const { runAdminCommand } = await import('./moderation/admin-command.ts');
  process.exit(await runAdminCommand(process.argv.slice(3), config, log));
}
if (mode === 'sealed') {
  const { runSealedCommand } = await import('./compliance/sealed/rewrap-command.ts');
  process.exit(await runSealedCommand(process.argv.slice(3), config));
}
if (mode === 'records') {
  const { runRecordsCommand } = await import('./compliance/records/records-command.ts');
  process.exit(await runRecordsCommand(process.argv.slice(3), config, log));
}
const cluster = (await import('node:cluster')).default;
if (mode === 'app' && config.http.processes > 1 && cluster.isPrimary) {
  const { superviseHttpProcesses } = await import('./http/http-processes.ts');
  superviseHttpProcesses(config.http.processes, log);
} else {
  if (mode !== 'app' && config.http.processes !== 1) log.warn(`HTTP_PROCESSES applies to \`app\` mode; ${mode} runs one`);
  await startMode(mode);
}

async function startMode(mode: Exclude<(typeof modes)[number], 'admin' | 'sealed' | 'records'>) {
  // Loaded only now: React and other libraries pick their build from NODE_ENV, which loadConfig settles.
  const { start } = await import('./lifecycle.ts');
  await start(mode, config, log).catch((error) => {
    log.fatal({ err: error }, 'start-up failed');
    process.exit(1);
  });
}
