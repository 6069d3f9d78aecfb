import type { Config } from '../../config.ts';
import { createStorage } from '../../media/storage.ts';
import { Keyring } from './keyring.ts';
import { SEALED_PREFIX, SealedStore } from './sealed-store.ts';

export const SEALED_USAGE = 'Usage: velvet sealed rewrap   (re-wraps every sealed object under the first key of COMPLIANCE_KEYS)';

/**
 * `velvet sealed rewrap`: the middle step of a key rotation (compliance/sealed/README.md). It touches only
 * storage, so it runs beside a live app; it is safe to repeat, and answers the exit code.
 */
export async function runSealedCommand(
  args: readonly string[],
  config: Config,
  out: Pick<Console, 'log' | 'error'> = console,
): Promise<number> {
  if (args.length !== 1 || args[0] !== 'rewrap') {
    out.error(SEALED_USAGE);
    return 2;
  }
  const keyring = new Keyring(config.compliance.masterKeys);
  const report = await new SealedStore(createStorage(config.storage), keyring).rewrapAll(SEALED_PREFIX);
  out.log(`${report.checked} sealed objects checked, ${report.rewrapped} re-wrapped under ${keyring.currentKeyId}.`);
  for (const key of report.failed) out.error(`Not re-wrapped (not a sealed blob, or its key is not in COMPLIANCE_KEYS): ${key}`);
  return report.failed.length ? 1 : 0;
}
