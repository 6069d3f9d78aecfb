import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { numberLocale } from '../../lib/format-number';
import styles from './ErrorPage.module.css';

/** Spec §9: the error page sends the visitor home after 10 s. */
const REDIRECT_SECONDS = 10;

/**
 * The error page of spec §2. The countdown can be stopped, so nobody is moved on before they have
 * read the page (WCAG 2.2.1).
 */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const [stayed, setStayed] = useState(false);

  useEffect(() => {
    if (stayed) return;
    if (secondsLeft <= 0) {
      navigate('/');
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, stayed, navigate]);

  const duration = new Intl.NumberFormat(numberLocale(i18n.language), {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'long',
  }).format(secondsLeft);
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <h1 id="error-title" className={styles.title}>
        {notFound ? t('error.notFoundTitle') : t('error.title')}
      </h1>
      <p className={styles.message}>{notFound ? t('error.notFoundMessage') : t('error.message')}</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.home}>
          {t('error.home')}
        </Link>
        {!stayed && (
          <button type="button" className={styles.stay} onClick={() => setStayed(true)}>
            {t('error.stay')}
          </button>
        )}
      </div>
      {!stayed && <p className={styles.countdown}>{t('error.countdown', { duration })}</p>}
    </section>
  );
}
