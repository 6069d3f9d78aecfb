import type { SocialLink } from './profile-schema.ts';

/**
 * Spec §3: social link definitions, about 35 platforms by two-letter code, each with the prefix a handle is
 * appended to, a sample link and the platform's name. A profile stores only code → handle; the link is
 * always built from the prefix, so a profile can never point somewhere the platform list does not allow.
 */
export interface SocialPlatform {
  readonly code: string;
  readonly name: string;
  readonly prefix: string;
  readonly link: string;
}

const platform = (code: string, name: string, prefix: string): SocialPlatform => ({ code, name, prefix, link: `${prefix}…` });

// biome-ignore format: one platform a line reads better
export const socialPlatforms: readonly SocialPlatform[] = [
  platform('ig', 'Instagram', 'https://www.instagram.com/'),
  platform('tw', 'X', 'https://x.com/'),
  platform('tt', 'TikTok', 'https://www.tiktok.com/@'),
  platform('yt', 'YouTube', 'https://www.youtube.com/@'),
  platform('fb', 'Facebook', 'https://www.facebook.com/'),
  platform('sc', 'Snapchat', 'https://www.snapchat.com/add/'),
  platform('rd', 'Reddit', 'https://www.reddit.com/user/'),
  platform('of', 'OnlyFans', 'https://onlyfans.com/'),
  platform('fs', 'Fansly', 'https://fansly.com/'),
  platform('fv', 'Fanvue', 'https://www.fanvue.com/'),
  platform('lf', 'LoyalFans', 'https://www.loyalfans.com/'),
  platform('jf', 'JustFor.Fans', 'https://justfor.fans/'),
  platform('fc', 'FanCentro', 'https://fancentro.com/'),
  platform('mv', 'ManyVids', 'https://www.manyvids.com/Profile/'),
  platform('pt', 'Patreon', 'https://www.patreon.com/'),
  platform('kf', 'Ko-fi', 'https://ko-fi.com/'),
  platform('bm', 'Buy Me a Coffee', 'https://www.buymeacoffee.com/'),
  platform('tg', 'Telegram', 'https://t.me/'),
  platform('wa', 'WhatsApp', 'https://wa.me/'),
  platform('dc', 'Discord', 'https://discord.gg/'),
  platform('th', 'Threads', 'https://www.threads.net/@'),
  platform('bs', 'Bluesky', 'https://bsky.app/profile/'),
  platform('tc', 'Twitch', 'https://www.twitch.tv/'),
  platform('kk', 'Kick', 'https://kick.com/'),
  platform('cb', 'Chaturbate', 'https://chaturbate.com/'),
  platform('st', 'Stripchat', 'https://stripchat.com/'),
  platform('c4', 'Cam4', 'https://www.cam4.com/'),
  platform('ph', 'Pornhub', 'https://www.pornhub.com/model/'),
  platform('pi', 'Pinterest', 'https://www.pinterest.com/'),
  platform('tb', 'Tumblr', 'https://www.tumblr.com/'),
  platform('vk', 'VK', 'https://vk.com/'),
  platform('wb', 'Weibo', 'https://weibo.com/'),
  platform('sp', 'Spotify', 'https://open.spotify.com/user/'),
  platform('sd', 'SoundCloud', 'https://soundcloud.com/'),
  platform('vm', 'Vimeo', 'https://vimeo.com/'),
  platform('lt', 'Linktree', 'https://linktr.ee/'),
];

const byCode = new Map(socialPlatforms.map((entry) => [entry.code, entry]));
const order = new Map(socialPlatforms.map((entry, index) => [entry.code, index]));

/** Stored links in the platform list's order (the database keeps no order). */
export function socialLinks(stored: Readonly<Record<string, string>>) {
  return Object.entries(stored)
    .sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .flatMap(([code, handle]) => socialLink(code, handle) ?? []);
}

/** Handles as platforms allow them: letters, digits and . _ - (Telegram, X, TikTok...), no slashes or queries. */
export const SOCIAL_HANDLE_PATTERN = '^[A-Za-z0-9._-]{1,64}$';
const handlePattern = new RegExp(SOCIAL_HANDLE_PATTERN);

/** A handle as people paste it: an @ in front or the whole profile URL of that platform. */
export function cleanSocialHandle(code: string, value: string): string {
  const prefix = byCode.get(code)?.prefix;
  let handle = value.trim();
  if (prefix) {
    const bare = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '');
    if (bare(handle).toLowerCase().startsWith(bare(prefix).toLowerCase())) handle = bare(handle).slice(bare(prefix).length);
  }
  return handle
    .replace(/^@/, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

export function isSocialCode(code: string): boolean {
  return byCode.has(code);
}

export function isSocialHandle(handle: string): boolean {
  return handlePattern.test(handle);
}

/** The public link of one stored handle; undefined for a code no longer on the list. */
export function socialLink(code: string, handle: string): SocialLink | undefined {
  const entry = byCode.get(code);
  return entry && { code, name: entry.name, handle, url: `${entry.prefix}${encodeURIComponent(handle)}` };
}
