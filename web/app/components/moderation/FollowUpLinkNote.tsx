import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import styles from './Admin.module.css';
import { followUpPath, followUpUrl } from './follow-up-link';

/**
 * The follow-up address of a report or complaint, shown once after sending (the API returns the token only
 * then; the e-mail repeats it when the reporter gave an address). Shown after a submit, so in the browser.
 */
export function FollowUpLinkNote({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <p className={styles.followUp}>
      <span>{t('statements.followUp.link')}</span>{' '}
      <Link to={followUpPath(token)} data-testid="follow-up-link">
        {followUpUrl(window.location.origin, token)}
      </Link>
    </p>
  );
}
