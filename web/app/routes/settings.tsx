import { serverContext } from '#server-context';
import { AccountSection } from '../components/account/AccountSection';
import { PreferencesSection } from '../components/account/PreferencesSection';
import { ProfileSection } from '../components/account/ProfileSection';
import styles from '../components/account/SettingsPage.module.css';
import type { LoginProviders } from '../components/account/SocialLogin';
import { DataExportSection } from '../components/export/DataExportSection';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { loginRedirect } from '../lib/login-next';
import { pageMeta } from '../lib/meta';
import type { Viewer } from '../lib/viewer';
import type { Route } from './+types/settings';

export const handle: RouteHandle = { layout: 'desktop' };

export const meta = (args: Route.MetaArgs) => [...pageMeta(args, 'settings'), { name: 'robots', content: 'noindex' }];

/** Spec §6: an authonly page; visitors go to /login with this address as `next`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(serverContext);
  const [me, providers] = await Promise.all([
    api<{ statusCode?: number; user?: Viewer }>('/api/user/me'),
    api<Partial<LoginProviders>>('/api/login-providers').catch(() => ({}) as Partial<LoginProviders>),
  ]);
  if (me.statusCode !== 2 || !me.user) loginRedirect(request);
  return {
    viewer: me.user,
    providers: { google: providers.google ?? null, apple: providers.apple ?? null } satisfies LoginProviders,
  };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { viewer, providers } = loaderData;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('pages.settings.title')}</h1>
        <p className={styles.lead}>{t('pages.settings.description')}</p>
      </header>
      <nav className={styles.jump} aria-label={t('account.settings.sections')}>
        <a href="#profile">{t('account.settings.profile')}</a>
        <a href="#preferences">{t('account.settings.preferences')}</a>
        <a href="#account">{t('account.settings.account')}</a>
        <a href="#data">{t('export.settingsTitle')}</a>
      </nav>
      <ProfileSection key={`profile-${viewer.id}`} viewer={viewer} />
      <PreferencesSection key={`preferences-${viewer.id}`} viewer={viewer} />
      <AccountSection viewer={viewer} providers={providers} />
      <DataExportSection />
    </div>
  );
}
