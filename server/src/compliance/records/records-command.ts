import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { createContainer } from '../../container.ts';

export const RECORDS_USAGE =
  'Usage: velvet records guard   (holds published posts whose performers\u2019 records are incomplete, now)';

/**
 * `velvet records guard`: the daily legacy guard run at once, e.g. right after an upgrade, against the app's
 * database. Prints how many posts it held and how many creators it told; answers the exit code.
 */
export async function runRecordsCommand(
  args: readonly string[],
  config: Config,
  log: Logger,
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  if (args.length !== 1 || args[0] !== 'guard') {
    out.error(RECORDS_USAGE);
    return 2;
  }
  const container = await createContainer(config, log, { oneOffCommand: true });
  try {
    const report = await container.services.records.guard.run();
    out.log(`${report.held} posts held until their records are complete; ${report.creators} creators told.`);
    return 0;
  } finally {
    await container.close();
  }
}
