/**
 * Spec §3 social link definitions: platforms by two-letter code, each with the prefix shown before the
 * handle, the link pattern ({handle} is replaced, URL-encoded) and the platform's name.
 */
export interface SocialPlatform {
  readonly name: string;
  readonly prefix: string;
  readonly link: string;
}

export const socialPlatforms: Readonly<Record<string, SocialPlatform>> = {
  ig: { name: 'Instagram', prefix: '@', link: 'https://www.instagram.com/{handle}' },
  tw: { name: 'X', prefix: '@', link: 'https://x.com/{handle}' },
  tt: { name: 'TikTok', prefix: '@', link: 'https://www.tiktok.com/@{handle}' },
  yt: { name: 'YouTube', prefix: '@', link: 'https://www.youtube.com/@{handle}' },
  fb: { name: 'Facebook', prefix: '', link: 'https://www.facebook.com/{handle}' },
  sc: { name: 'Snapchat', prefix: '', link: 'https://www.snapchat.com/add/{handle}' },
  tg: { name: 'Telegram', prefix: '@', link: 'https://t.me/{handle}' },
  rd: { name: 'Reddit', prefix: 'u/', link: 'https://www.reddit.com/user/{handle}' },
  of: { name: 'OnlyFans', prefix: '@', link: 'https://onlyfans.com/{handle}' },
  fs: { name: 'Fansly', prefix: '@', link: 'https://fansly.com/{handle}' },
  pt: { name: 'Patreon', prefix: '', link: 'https://www.patreon.com/{handle}' },
  tc: { name: 'Twitch', prefix: '', link: 'https://www.twitch.tv/{handle}' },
  dc: { name: 'Discord', prefix: '', link: 'https://discord.gg/{handle}' },
  bs: { name: 'Bluesky', prefix: '@', link: 'https://bsky.app/profile/{handle}' },
  th: { name: 'Threads', prefix: '@', link: 'https://www.threads.net/@{handle}' },
  ms: { name: 'Mastodon', prefix: '@', link: 'https://mastodon.social/@{handle}' },
  tb: { name: 'Tumblr', prefix: '', link: 'https://{handle}.tumblr.com' },
  pi: { name: 'Pinterest', prefix: '', link: 'https://www.pinterest.com/{handle}' },
  li: { name: 'LinkedIn', prefix: '', link: 'https://www.linkedin.com/in/{handle}' },
  gh: { name: 'GitHub', prefix: '', link: 'https://github.com/{handle}' },
  sp: { name: 'Spotify', prefix: '', link: 'https://open.spotify.com/user/{handle}' },
  sd: { name: 'SoundCloud', prefix: '', link: 'https://soundcloud.com/{handle}' },
  vm: { name: 'Vimeo', prefix: '', link: 'https://vimeo.com/{handle}' },
  kf: { name: 'Ko-fi', prefix: '', link: 'https://ko-fi.com/{handle}' },
  bm: { name: 'Buy Me a Coffee', prefix: '', link: 'https://www.buymeacoffee.com/{handle}' },
  lt: { name: 'Linktree', prefix: '', link: 'https://linktr.ee/{handle}' },
  wa: { name: 'WhatsApp', prefix: '+', link: 'https://wa.me/{handle}' },
  vk: { name: 'VK', prefix: '', link: 'https://vk.com/{handle}' },
  wb: { name: 'Weibo', prefix: '', link: 'https://weibo.com/{handle}' },
  ln: { name: 'LINE', prefix: '', link: 'https://line.me/ti/p/~{handle}' },
  kk: { name: 'Kick', prefix: '', link: 'https://kick.com/{handle}' },
  cb: { name: 'Chaturbate', prefix: '', link: 'https://chaturbate.com/{handle}' },
  mv: { name: 'ManyVids', prefix: '', link: 'https://www.manyvids.com/Profile/{handle}' },
  ws: { name: 'Website', prefix: '', link: 'https://{handle}' },
  em: { name: 'E-mail', prefix: '', link: 'mailto:{handle}' },
};

export interface SocialLink {
  readonly code: string;
  readonly name: string;
  readonly label: string;
  readonly href: string;
}

/** Known platforms only, handles cleaned to URL-safe text; unknown codes and empty handles are dropped. */
export function socialLinksOf(links: Readonly<Record<string, string>> | undefined): SocialLink[] {
  return Object.entries(links ?? {}).flatMap(([code, raw]) => {
    const platform = socialPlatforms[code];
    const handle = raw.trim().replace(/^@/, '');
    if (!platform || !handle || !/^[\w.@+~-]{1,100}$/.test(handle)) return [];
    const keepsDots = code === 'ws' || code === 'em';
    const encoded = keepsDots ? handle : encodeURIComponent(handle);
    return [
      { code, name: platform.name, label: `${platform.prefix}${handle}`, href: platform.link.replace('{handle}', encoded) },
    ];
  });
}
