import { existsSync, lstatSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { freePort } from '../test/processes.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { copiedBinaries, packagedBinaries, relocatedCluster } from './embedded-location.ts';

const cleanUp: (() => void)[] = [];
afterEach(() => {
  for (const step of cleanUp.splice(0)) step();
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

// A clone in root's home (mode 0700) run as root: PostgreSQL runs as the postgres user, who cannot enter it.
test.runIf(process.getuid?.() === 0)(
  'as root, PostgreSQL starts from binaries and a data folder inside a 0700 folder, and a deleted data folder starts empty',
  async () => {
    const home = mkdtempSync(join(tmpdir(), 'velvet-private-'));
    expect(statSync(home).mode & 0o777).toBe(0o700);
    const binaries = join(home, 'postgresql');
    symlinkSync(await packagedBinaries(), binaries);
    const copy = copiedBinaries(binaries);
    const dir = join(home, 'data', 'pg');
    cleanUp.push(() => {
      rmSync(home, { recursive: true, force: true });
      rmSync(relocatedCluster(dir), { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
    });
    const log = createLogger('warn');
    const port = await freePort();

    const first = await startEmbeddedPostgres(dir, port, log, binaries);
    try {
      await query(first.url, 'create table kept (id int)');
      expect(lstatSync(dir).isSymbolicLink()).toBe(true);
    } finally {
      await first.stop();
    }

    const again = await startEmbeddedPostgres(dir, port, log, binaries);
    try {
      expect(await query(again.url, "select to_regclass('kept') is not null as found")).toEqual([{ found: true }]);
    } finally {
      await again.stop();
    }

    rmSync(join(home, 'data'), { recursive: true, force: true });
    const fresh = await startEmbeddedPostgres(dir, port, log, binaries);
    try {
      expect(await query(fresh.url, "select to_regclass('kept') is not null as found")).toEqual([{ found: false }]);
    } finally {
      await fresh.stop();
    }
    expect(existsSync(copy)).toBe(true);
  },
  60_000,
);

/** The published password of clusters made before each got its own (it is in this project's history). */
const PUBLISHED_PASSWORD = 'velvet-embedded';

async function refusesPassword(port: number, password: string): Promise<boolean> {
  return query(`postgres://postgres:${password}@127.0.0.1:${port}/postgres`, 'select 1').then(
    () => false,
    (error: { code?: string }) => error.code === '28P01',
  );
}

// Any local account can reach 127.0.0.1: with a known superuser password it could run programs as the
// user PostgreSQL runs as (COPY ... TO PROGRAM) and read or rewrite every account.
test('the embedded cluster has a password of its own, also one made with the published password', async () => {
  const home = mkdtempSync(join(tmpdir(), 'velvet-password-'));
  cleanUp.push(() => rmSync(home, { recursive: true, force: true }));
  const log = createLogger('warn');
  const port = await freePort();
  const dir = join(home, 'pg');

  const first = await startEmbeddedPostgres(dir, port, log);
  try {
    expect(await refusesPassword(port, PUBLISHED_PASSWORD)).toBe(true);
    expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    // As a cluster of an earlier version was made.
    await query(first.url, `alter role postgres password '${PUBLISHED_PASSWORD}'`);
  } finally {
    await first.stop();
  }

  const again = await startEmbeddedPostgres(dir, port, log);
  try {
    expect(await refusesPassword(port, PUBLISHED_PASSWORD)).toBe(true);
    expect(await query(again.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  } finally {
    await again.stop();
  }
}, 60_000);
