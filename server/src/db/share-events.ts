import { sql } from 'kysely';
import type { Db } from './database.ts';

/** A share counts once per viewer, target and platform within a UTC day, as post shares do (posts/counters). */
const DAY_WINDOW = sql`date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/**
 * Logs a share of a tag or playlist in share_events and moves the target's shares_count, unless the viewer
 * already shared it on that platform today. Answers false when the target does not exist.
 */
export async function recordDailyShare(
  db: Db,
  target: { readonly table: 'tags' | 'playlists'; readonly kind: 'tag' | 'playlist'; readonly id: number },
  viewerKey: string,
  platform: string,
): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    WITH target AS (SELECT id FROM ${sql.table(target.table)} WHERE id = ${target.id}),
    logged AS (
      INSERT INTO share_events (target_kind, target_id, platform, viewer_key, window_start)
      SELECT ${target.kind}, id, ${platform}, ${viewerKey}, ${DAY_WINDOW} FROM target
      ON CONFLICT (target_kind, target_id, viewer_key, platform, window_start) WHERE window_start IS NOT NULL DO NOTHING
      RETURNING target_id
    ), bumped AS (
      UPDATE ${sql.table(target.table)} SET shares_count = shares_count + 1 WHERE id IN (SELECT target_id FROM logged) RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM target) AS found, (SELECT count(*) FROM bumped) AS bumped`.execute(db);
  return rows[0]?.found === true;
}
