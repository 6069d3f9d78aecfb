import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createContainer } from '../container.ts';
import { AppError } from '../http/errors.ts';

export const ADMIN_USAGE = 'Usage: velvet admin create <username>   (grants the admin role to an existing account)';

/**
 * `velvet admin create <username>`: the only way to make the first admin (nobody is one by default). Run
 * on the server against the app's database; the audit log records it with no actor. Answers the exit code.
 */
export async function runAdminCommand(
  args: readonly string[],
  config: Config,
  log: Logger,
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  const [action, username, ...rest] = args;
  if (action !== 'create' || !username || rest.length > 0) {
    out.error(ADMIN_USAGE);
    return 2;
  }
  const container = await createContainer(config, log, { oneOffCommand: true });
  try {
    await container.services.moderation.roles.grant(null, username, 'admin');
    out.log(`${username} is an admin.`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    out.error(`No account is named ${username}; sign up first, then run this again.`);
    return 1;
  } finally {
    await container.close();
  }
}
