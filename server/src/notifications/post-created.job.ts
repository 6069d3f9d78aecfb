import type { Db } from '../db/database.ts';
import type { EventPublisher } from '../realtime/events.ts';
import { presentNotifications } from './notification-view.ts';
import { type Cursor, NotificationsRepository } from './notifications.repository.ts';

const FAN_OUT_BATCH = 500;

/**
 * Job `notifications:post-created`: tells every follower of the author about a newly published post, in
 * keyset batches of 500 (one INSERT ... SELECT each), with one bus event per batch. Safe to run again:
 * a follower already told is skipped by the unique index. Without a bus the rows are still made.
 */
export async function fanOutPostCreated(db: Db, events: EventPublisher | undefined, postId: number): Promise<number> {
  const repository = new NotificationsRepository(db);
  let after: Cursor | undefined;
  let total = 0;
  for (;;) {
    const batch = await repository.addPostCreatedBatch(postId, after, FAN_OUT_BATCH);
    const [first] = batch.touched;
    if (first && events) {
      const [notification] = await presentNotifications(repository, await repository.byIds([first.id]));
      if (notification) {
        await events.publish({
          type: 'notification-batch',
          userIds: batch.touched.map((row) => row.userId),
          ids: batch.touched.map((row) => row.id),
          notification,
        });
      }
    }
    total += batch.touched.length;
    if (!batch.next) return total;
    after = batch.next;
  }
}
