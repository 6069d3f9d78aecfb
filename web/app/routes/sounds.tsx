import { useState } from 'react';
import { serverContext } from '#server-context';
import type { SoundView } from '../../../server/src/sounds/sounds.service.ts';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { RouteHandle } from '../components/layout/layouts';
import intro from '../components/page/PageIntro.module.css';
import { SoundList } from '../components/sounds/SoundList';
import { useTranslation } from '../i18n/react';
import { api } from '../lib/api';
import { titledMeta } from '../lib/meta';
import { useResetOnChange } from '../lib/use-reset-on-change';
import type { Route } from './+types/sounds';

export const handle: RouteHandle = { layout: 'default' };

type SoundPage = { sounds: SoundView[]; canLoadMore: boolean };

/** Spec §9: sounds come 30 a page. */
const SOUND_PAGE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFromApi<SoundPage>(readerContext(request, context.get(serverContext)), `/api/sound?limit=${SOUND_PAGE}`);
}

export const meta = (args: Route.MetaArgs) =>
  titledMeta(args, (t) => ({ title: t('sounds.title'), description: t('sounds.description') }));

/** /sounds (spec §1: visitors browse sounds): the sounds image sets play, most used first. */
export default function Sounds({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [sounds, setSounds] = useState(loaderData.sounds);
  const [more, setMore] = useState(loaderData.canLoadMore);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  useResetOnChange(loaderData, (next) => {
    setSounds(next.sounds);
    setMore(next.canLoadMore);
  });

  const loadMore = async () => {
    setState('loading');
    try {
      const next = await api<SoundPage>(`/api/sound?limit=${SOUND_PAGE}&offset=${sounds.length}`);
      setSounds((current) => [...current, ...next.sounds.filter((sound) => !current.some((known) => known.id === sound.id))]);
      setMore(next.canLoadMore);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={styles.page}>
      <header className={intro.intro}>
        <h1 className={intro.title}>{t('sounds.title')}</h1>
        <p className={intro.description}>{t('sounds.description')}</p>
      </header>
      {sounds.length === 0 ? (
        <p className={styles.empty}>{t('sounds.none')}</p>
      ) : (
        <SoundList sounds={sounds} label={t('sounds.title')} />
      )}
      {more && (
        <div className={styles.more}>
          <button type="button" className={styles.secondaryButton} onClick={() => void loadMore()} disabled={state === 'loading'}>
            {state === 'loading' ? t('discovery.loading') : state === 'failed' ? t('discovery.retry') : t('discovery.showMore')}
          </button>
        </div>
      )}
    </div>
  );
}
