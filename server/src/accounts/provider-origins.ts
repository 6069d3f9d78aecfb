import type { Config } from '../config.ts';

/** What the pages must be allowed to load for Google and Apple sign-in, only when they are configured. */
export function loginProviderOrigins(auth: Config['auth']): { script: string[]; frame: string[]; connect: string[] } {
  const origins = { script: [] as string[], frame: [] as string[], connect: [] as string[] };
  if (auth.google) {
    origins.script.push('https://accounts.google.com/gsi/client');
    origins.frame.push('https://accounts.google.com/gsi/');
    origins.connect.push('https://accounts.google.com/gsi/');
  }
  if (auth.apple) {
    origins.script.push('https://appleid.cdn-apple.com');
    origins.frame.push('https://appleid.apple.com');
  }
  return origins;
}
