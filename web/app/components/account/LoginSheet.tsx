import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { loginHref } from '../../lib/navigation';
import { Dialog } from '../dialogs/Dialog';
import forms from './forms.module.css';
import { LoginForm } from './LoginForm';
import own from './LoginPanel.module.css';

interface LoginSheetProps {
  readonly onClose: () => void;
  /** Logged in: the sheet closes and the waiting action runs at once, while the page's data reloads. */
  readonly onSignedIn: () => void;
}

/**
 * The login form in a sheet over the page (useLoginSheet). Signing up and a forgotten password take the
 * full /login page, which comes back here through `next`.
 */
export function LoginSheet({ onClose, onSignedIn }: LoginSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const fullPage = loginHref(pathname, search);
  return (
    <Dialog open onClose={onClose} title={t('manage.loginTitle')} description={t('manage.loginLead')} size="small">
      <LoginForm next={undefined} onForgot={() => navigate(fullPage)} onSignedIn={onSignedIn} />
      <p className={own.switch}>
        {t('account.login.newHere')}{' '}
        <Link className={forms.quiet} to={`${fullPage}&signup`}>
          {t('account.login.toSignup')}
        </Link>
      </p>
    </Dialog>
  );
}
