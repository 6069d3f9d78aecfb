import { OutlineIcon } from '../layout/icons';

/** Decorative icons; the control around them carries the accessible name. */
export function BellIcon() {
  return (
    <OutlineIcon>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </OutlineIcon>
  );
}

const KIND_PATHS: Readonly<Record<string, string>> = {
  'post-like': 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  'user-follow': 'M15 19a6 6 0 0 0-12 0M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM19 8v6M16 11h6',
  'post-created': 'M5 5h14v14H5zM10 9l5 3-5 3z',
  // Two people: someone says you appear in a post with them (compliance/performers).
  performer: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 19a6 6 0 0 1 12 0M16 5.5a3 3 0 0 1 0 5.5M18 13.5a6 6 0 0 1 3 5.5',
};
const SCRAPER_DONE_PATH = 'M12 4v10M8 10l4 4 4-4M5 19h14';

/** A small glyph per kind, on the avatar's corner. */
export function KindGlyph({ type }: { type: string }) {
  return (
    <OutlineIcon size={12} strokeWidth={2.4}>
      <path d={KIND_PATHS[type] ?? SCRAPER_DONE_PATH} />
    </OutlineIcon>
  );
}
