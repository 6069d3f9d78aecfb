import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../http/errors.ts';
import { avatarSvg } from '../seed/svg-art.ts';
import { avatarRenditions } from './avatar-images.ts';
import type { AvatarsRepository } from './avatars.repository.ts';
import type { UsersRepository } from './users.repository.ts';

/** Spec §7: POST /media-api/upload (avatar) answers within 40 s or not at all. */
export const AVATAR_TIME_LIMIT_MS = 40_000;

/** Uploaded and random avatars; both end as the same six renditions. */
export class AvatarService {
  private readonly avatars: AvatarsRepository;
  private readonly users: UsersRepository;

  constructor(avatars: AvatarsRepository, users: UsersRepository) {
    this.avatars = avatars;
    this.users = users;
  }

  async upload(userId: number, picture: Buffer): Promise<Record<string, string>> {
    return withinTimeLimit(async () => this.store(userId, await avatarRenditions(picture)));
  }

  /** The user's initials on a random two-colour gradient. */
  async random(userId: number): Promise<Record<string, string>> {
    const account = await this.users.findProfile({ id: userId });
    if (!account) throw new AppError('login_required');
    const name = account.displayName || account.username;
    const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    // "Velvet Star" → VS, "velvet" → V.
    const initials =
      words
        .slice(0, 2)
        .map((word) => [...word][0])
        .join('')
        .toUpperCase() || '?';
    const hue = randomInt(0, 360);
    const palette = [hsl(hue, 70, 42), hsl(hue + 40, 85, 70), hsl(hue + 80, 65, 38), hsl(hue + 180, 50, 30)] as const;
    const png = await sharp(Buffer.from(avatarSvg(initials, palette)))
      .png()
      .toBuffer();
    return this.store(userId, await avatarRenditions(png));
  }

  private async store(userId: number, renditions: Awaited<ReturnType<typeof avatarRenditions>>) {
    const variants = await this.avatars.replace(userId, renditions);
    return Object.fromEntries(Object.entries(variants).map(([rendition, variant]) => [rendition, `/${variant.key}`]));
  }
}

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue % 360} ${saturation}% ${lightness}%)`;

async function withinTimeLimit<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('upload_timed_out')), AVATAR_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([work(), limit]);
  } finally {
    clearTimeout(timer);
  }
}
