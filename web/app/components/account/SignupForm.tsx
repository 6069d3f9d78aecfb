import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import type { LoginSession } from '../../lib/session';
import { useAccount } from './AccountSession';
import { errorMessage } from './api-errors';
import styles from './forms.module.css';
import { PasswordField } from './PasswordField';
import { ProofNote } from './ProofNote';
import own from './SignupForm.module.css';
import { TextField } from './TextField';
import { useProofOfWork } from './useProofOfWork';

type Availability = { available: boolean; reason?: 'invalid' | 'reserved' | 'taken' };
type NameCheck = 'idle' | 'checking' | Availability;

const PASSWORD_MIN = 8;

/** Sign-up in two steps: e-mail and password, then the username; the account exists only after step 2. */
export function SignupForm({ onCreated }: { onCreated: (email: string) => void }) {
  const { t } = useTranslation();
  const { signedIn } = useAccount();
  const proof = useProofOfWork();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [nameCheck, setNameCheck] = useState<NameCheck>('idle');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Availability as the person types, a moment after they pause (POST /api/check/username).
  useEffect(() => {
    const name = username.trim();
    if (name.length < 2) {
      setNameCheck('idle');
      return;
    }
    setNameCheck('checking');
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      api<Availability>('/api/check/username', { method: 'POST', body: { username: name }, signal: controller.signal })
        .then((answer) => setNameCheck({ available: answer.available, reason: answer.reason }))
        .catch(() => !controller.signal.aborted && setNameCheck('idle'));
    }, 350);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [username]);

  const toStepTwo = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if ([...password].length < PASSWORD_MIN) {
      setError(t('account.errors.passwordTooShort'));
      return;
    }
    setBusy(true);
    try {
      const answer = await api<Availability>('/api/check/email', { method: 'POST', body: { email: email.trim() } });
      if (!answer.available)
        setError(t(answer.reason === 'taken' ? 'account.errors.email_taken' : 'account.errors.invalid_email'));
      else setStep(2);
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const recaptchaToken = await proof.take();
      const session = await api<LoginSession>('/api/signup', {
        method: 'POST',
        body: { username: username.trim(), email: email.trim(), password, recaptchaToken },
      });
      // The verify dialog replaces the form first, so the page never flashes "already logged in".
      onCreated(email.trim());
      await signedIn(session, { signup: true });
    } catch (failure) {
      setError(errorMessage(t, failure));
      setBusy(false);
    }
  };

  const nameNote =
    nameCheck === 'idle'
      ? t('account.signup.usernameHint')
      : nameCheck === 'checking'
        ? t('account.signup.checking')
        : nameCheck.available
          ? t('account.signup.available')
          : t(`account.signup.unavailable.${nameCheck.reason ?? 'taken'}`);
  const nameInvalid = typeof nameCheck === 'object' && !nameCheck.available;

  return (
    <div className={styles.form}>
      <ol className={own.steps} aria-label={t('account.signup.progress', { step, total: 2 })}>
        <li data-done={step >= 1}>{t('account.signup.stepAccount')}</li>
        <li data-done={step >= 2}>{t('account.signup.stepName')}</li>
      </ol>
      {step === 1 ? (
        <form className={styles.form} onSubmit={toStepTwo} noValidate>
          <TextField
            label={t('account.signup.email')}
            type="email"
            name="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            required
            maxLength={254}
          />
          <PasswordField
            label={t('account.signup.password')}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            name="new-password"
            hint={t('account.signup.passwordHint', { min: PASSWORD_MIN })}
          />
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button
            type="submit"
            className={`${styles.primary} ${styles.wide}`}
            disabled={busy || !email.includes('@') || !password}
          >
            {t('account.signup.next')}
          </button>
        </form>
      ) : (
        <form className={styles.form} onSubmit={create} noValidate>
          <TextField
            label={t('account.signup.username')}
            name="username"
            value={username}
            onChange={setUsername}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={31}
            note={nameNote}
            invalid={nameInvalid}
          />
          <ProofNote state={proof.state} onRetry={proof.retry} />
          <p className={styles.hint}>
            {t('account.signup.terms')} <Link to="/terms">{t('account.signup.termsLink')}</Link>
          </p>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button
            type="submit"
            className={`${styles.primary} ${styles.wide}`}
            disabled={busy || nameInvalid || username.trim().length < 2}
          >
            {t('account.signup.create')}
          </button>
          <button type="button" className={styles.quiet} onClick={() => setStep(1)}>
            {t('account.signup.back')}
          </button>
        </form>
      )}
    </div>
  );
}
