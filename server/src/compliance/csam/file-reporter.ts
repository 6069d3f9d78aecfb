import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { CyberTiplineReceipt, CyberTiplineReport, CyberTiplineReporter } from './cybertipline.ts';

/**
 * The built-in reporter: each report becomes `<dir>/case-<caseId>-<evidenceId>.json` (mode 0600, never
 * overwritten) for an admin to enter at NCMEC's CyberTipline; the console lists it as pending until the admin
 * records NCMEC's report id. The file names the files and their hashes; the files themselves stay sealed.
 */
export class FileCyberTiplineReporter implements CyberTiplineReporter {
  readonly name = 'file';
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async submit(report: CyberTiplineReport): Promise<CyberTiplineReceipt> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const reference = `case-${report.espReference.caseId}-${report.espReference.evidenceId}.json`;
    // `wx`: a second report of the same evidence fails instead of replacing what may have been submitted.
    const file = await open(join(this.#dir, reference), 'wx', 0o600);
    try {
      await file.writeFile(`${JSON.stringify(report, null, 2)}\n`);
    } finally {
      await file.close();
    }
    return { reference };
  }
}
