import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Orientation } from '../../../../server/src/settings/orientation.ts';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { readCookie } from '../../lib/cookies';
import { activeOrientation } from '../../lib/orientation';
import { useRootData } from '../../lib/root-data';
import { useConsent } from '../consent/ConsentProvider';
import slot from './BannerSlot.module.css';
import type { BannerView } from './discovery-types';

/**
 * The banners of one slot (GET /api/prbn/), highest priority first. Closing them sets the likeBanner
 * preference cookie (14 days, spec §9), which keeps the slot empty. Fetched after the page shows, so a
 * slow or failing banner call never holds up the page; the slot sits at the end of its column, so its
 * arrival moves nothing above it.
 */
export function BannerSlot({ position }: { position: string }) {
  const { t } = useTranslation();
  const { remember } = useConsent();
  const { pathname } = useLocation();
  const lgbt = activeOrientation(pathname, useRootData()?.lgbtPreference ?? Orientation.straight);
  const [banners, setBanners] = useState<BannerView[]>([]);
  const [hidden, setHidden] = useState(true);

  useEffect(() => {
    if (readCookie(document.cookie, 'likeBanner')) return;
    setHidden(false);
    let current = true;
    api<{ banners: BannerView[] }>(`/api/prbn/?position=${position}&lgbt=${lgbt}`)
      .then((answer) => {
        if (current) setBanners(answer.banners);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [position, lgbt]);

  const banner = banners[0];
  if (hidden || !banner) return null;
  const external = banner.link.startsWith('https://');
  const content = (
    <>
      {banner.image && <img src={banner.image} alt="" className={slot.image} loading="lazy" />}
      <span className={slot.title}>{banner.title}</span>
      {banner.body && <span className={slot.body}>{banner.body}</span>}
      {banner.tags.length > 0 && <span className={slot.tags}>{banner.tags.map((tag) => `#${tag.tag}`).join(' ')}</span>}
    </>
  );
  return (
    <aside className={slot.slot} aria-label={t('discovery.banner.label')}>
      <span className={slot.label}>{t('discovery.banner.label')}</span>
      {external ? (
        <a href={banner.link} className={slot.link} rel="noopener sponsored" target="_blank">
          {content}
        </a>
      ) : (
        <Link to={banner.link} className={slot.link}>
          {content}
        </Link>
      )}
      <button
        type="button"
        className={slot.close}
        aria-label={t('discovery.banner.close')}
        onClick={() => {
          remember('likeBanner', '1');
          setHidden(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
