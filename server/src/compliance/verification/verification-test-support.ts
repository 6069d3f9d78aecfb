import sharp from 'sharp';
import type { TestApp } from '../../test/test-app.ts';

/** Text the phone wrote into the picture's EXIF: it must not survive into what is stored or shown. */
export const EXIF_MARK = 'SECRET-EXIF-MARK';

/** A photo-like JPEG of the given size, with EXIF, in base64 as the form sends it. */
export async function identityPicture(width = 900, height = 600, hue = 40): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: hue, g: 120, b: 200 } } })
    .withExif({ IFD0: { Copyright: EXIF_MARK } })
    .jpeg()
    .toBuffer();
  return bytes.toString('base64');
}

/** The ISO day `years` years (and `days` days) before today, in UTC. */
export function yearsAgo(years: number, days = 0): string {
  const today = new Date();
  const day = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - days));
  return day.toISOString().slice(0, 10);
}

export async function submission(overrides: Record<string, unknown> = {}) {
  return {
    legalName: 'Ada María Example',
    dateOfBirth: '1990-04-12',
    aliases: ['Ada Star'],
    documentFront: await identityPicture(),
    selfie: await identityPicture(600, 800, 90),
    ...overrides,
  };
}

/** Rows a test reads back. */
export function identityRows(t: TestApp) {
  const { db } = t.container.database;
  return {
    submissions: (userId: number) =>
      db.selectFrom('identity_submissions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    performer: (userId: number) =>
      db.selectFrom('performer_identities').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    type: async (userId: number) =>
      (await db.selectFrom('users').select('type').where('id', '=', userId).executeTakeFirstOrThrow()).type,
    notices: (userId: number) =>
      db.selectFrom('notifications').select('notice').where('user_id', '=', userId).where('type', '=', 'moderation').execute(),
  };
}
