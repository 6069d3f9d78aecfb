import styles from './ShareSheet.module.css';
import type { SharePlatform } from './share-links';

/** Simple marks in each platform's colour; the link beside them names the platform. */
const marks: Record<SharePlatform, { colour: string; path: string }> = {
  x: { colour: '#000', path: 'M6 5h3.2l9 14H15zM17.5 5 6.5 19' },
  facebook: { colour: '#1877f2', path: 'M14.5 7.5H13a1.5 1.5 0 0 0-1.5 1.5v10M9.5 12h5' },
  reddit: { colour: '#ff4500', path: 'M7.5 14.5c1 1.6 2.6 2.5 4.5 2.5s3.5-.9 4.5-2.5M12 9.5l1-4 3.5 1M9 12.5h.01M15 12.5h.01' },
  telegram: { colour: '#229ed9', path: 'M5 11.5 19 6l-2.5 12-4.5-3.5-2 2v-3.5L17 8l-8.5 5.5z' },
  whatsapp: { colour: '#25d366', path: 'M6.5 18.5 7.5 15a6 6 0 1 1 2.2 2.2zM10 10c.3 1.7 1.8 3.3 4 4' },
  email: { colour: '#6b7280', path: 'M5 7.5h14v10H5zM5 8l7 5 7-5' },
};

export function PlatformIcon({ platform }: { platform: SharePlatform }) {
  const { colour, path } = marks[platform];
  return (
    <span className={styles.mark} style={{ background: colour }} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <path d={path} fill="none" stroke="#fff" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
