import type { Db } from '../db/database.ts';

export interface BannerRow {
  readonly id: number;
  readonly position: string;
  readonly lgbt: number;
  readonly priority: number;
  readonly tags: string[];
  readonly title: string;
  readonly body: string;
  readonly linkUrl: string;
  readonly imageUrl: string | null;
}

/** Reads the operator-edited banners table (see README.md in this folder). */
export class BannersRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Active banners of a slot running now, for the orientation or for every orientation, highest priority first. */
  live(position: string, lgbt: number, limit: number): Promise<BannerRow[]> {
    const now = new Date();
    return this.db
      .selectFrom('banners')
      .select(['id', 'position', 'lgbt', 'priority', 'tags', 'title', 'body', 'link_url as linkUrl', 'image_url as imageUrl'])
      .where('active', '=', true)
      .where('position', '=', position)
      .where('lgbt', 'in', lgbt ? [0, lgbt] : [0, 1, 2, 3])
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('priority', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
