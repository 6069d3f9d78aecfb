import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxEntry } from './mailer.ts';

/** The newest messages the outbox transport wrote, newest first (file names start with their time). */
export async function readOutbox(dir: string, limit: number): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.'));
  } catch {
    return [];
  }
  const newest = names.sort().reverse().slice(0, limit);
  const entries = await Promise.all(
    newest.map(async (name) => {
      try {
        return JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry;
      } catch {
        return undefined;
      }
    }),
  );
  return entries.filter((entry): entry is OutboxEntry => entry !== undefined);
}
