import { serverContext } from '#server-context';
import styles from '../../components/moderation/Admin.module.css';
import { ActionStatusLine, AdminPanel } from '../../components/moderation/AdminPanel';
import { AdminTable } from '../../components/moderation/AdminTable';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { RolesAnswer, StaffRole } from '../../components/moderation/admin-types';
import { useAdminAction } from '../../components/moderation/useAdminAction';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import type { Route } from './+types/roles';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.roles.title');

export async function loader({ context }: Route.LoaderArgs) {
  return adminData<RolesAnswer>(context.get(serverContext).api, '/api/admin/roles');
}

const grantable: readonly StaffRole[] = ['moderator', 'admin', 'trusted_flagger'];

/** Admins grant and revoke the staff roles; the API keeps the last admin from being removed. */
export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const date = new Intl.DateTimeFormat(numberLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <>
      <h1 className={styles.title}>{t('moderation.roles.title')}</h1>
      <AdminPanel id="grant-title" title={t('moderation.roles.grant')}>
        <form
          className={styles.filterGrid}
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            const data = new FormData(form);
            const body = {
              username: String(data.get('username') ?? '')
                .trim()
                .replace(/^@/, ''),
              role: String(data.get('role')),
            };
            if (await run('/api/admin/roles', body)) form.reset();
          }}
        >
          <div className={styles.field}>
            <label htmlFor="role-username">{t('moderation.roles.username')}</label>
            <input id="role-username" name="username" required maxLength={64} autoComplete="off" className={styles.input} />
          </div>
          <div className={styles.field}>
            <label htmlFor="role-role">{t('moderation.roles.role')}</label>
            <select id="role-role" name="role" className={styles.select}>
              {grantable.map((role) => (
                <option key={role} value={role}>
                  {t(`moderation.roles.names.${role}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={styles.button} data-tone="primary" disabled={busy}>
            {t('moderation.roles.grantButton')}
          </button>
        </form>
        <ActionStatusLine status={status} />
      </AdminPanel>
      <AdminPanel id="grants-title" title={t('moderation.roles.current')}>
        <AdminTable
          columns={[
            t('moderation.roles.username'),
            t('moderation.roles.role'),
            t('moderation.roles.grantedBy'),
            t('moderation.roles.revoke'),
          ]}
        >
          {loaderData.grants.map((grant) => (
            <tr key={`${grant.user.id}-${grant.role}`}>
              <td>@{grant.user.username}</td>
              <td>{t(`moderation.roles.names.${grant.role}`)}</td>
              <td>
                {grant.grantedBy ? `@${grant.grantedBy.username}` : t('moderation.case.system')} ·{' '}
                <time dateTime={grant.grantedAt}>{date.format(new Date(grant.grantedAt))}</time>
              </td>
              <td>
                <button
                  type="button"
                  className={styles.button}
                  disabled={busy}
                  aria-label={t('moderation.roles.revokeFrom', {
                    role: t(`moderation.roles.names.${grant.role}`),
                    username: grant.user.username,
                  })}
                  onClick={() => run('/api/admin/roles', { username: grant.user.username, role: grant.role }, 'DELETE')}
                >
                  {t('moderation.roles.revoke')}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminPanel>
    </>
  );
}
