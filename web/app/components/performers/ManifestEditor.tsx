import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { PublicProfile } from '../../../../server/src/accounts/profile-schema.ts';
import { useTranslation } from '../../i18n/react';
import { ApiError, api } from '../../lib/api';
import forms from '../account/forms.module.css';
import {
  addPerformer,
  type DraftPerformer,
  isListed,
  localDay,
  type ManifestDraft,
  normaliseUsername,
  removePerformer,
} from './manifest-draft';
import { PerformerState } from './PerformerState';
import styles from './Performers.module.css';
import { useAccountSuggestions } from './useAccountSuggestions';

/** Spec §1 account types that passed identity verification: 3 verified, 5 partner, 6 channel. */
const VERIFIED_ACCOUNT_TYPES: readonly number[] = [3, 5, 6];

type Adding = 'account' | 'guest' | undefined;

/** Who a row is, in words: you, @someone, or a guest's name and address. */
function PerformerName({ person }: { person: DraftPerformer }) {
  const { t } = useTranslation();
  if (person.kind === 'self') return <span className={styles.who}>{t('performers.manifest.you')}</span>;
  if (person.kind === 'account') {
    return (
      <span className={styles.who} dir="auto">
        @{person.username}
      </span>
    );
  }
  return (
    <span className={styles.whoStack}>
      <span className={styles.who} dir="auto">
        {person.name}
      </span>
      <span className={styles.detail} dir="ltr">
        {person.email}
      </span>
    </span>
  );
}

/** Adds a verified account by username: suggestions as one types, then a check that it exists and is verified. */
function AddAccount({
  draft,
  onAdd,
  onDone,
}: {
  draft: ManifestDraft;
  onAdd: (person: DraftPerformer) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const suggestions = useAccountSuggestions(text);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const username = normaliseUsername(text);
    if (username.length < 2) return setProblem(t('performers.manifest.usernameShort'));
    if (isListed(draft, { kind: 'account', username })) return setProblem(t('performers.errors.performer_duplicate'));
    setBusy(true);
    setProblem(undefined);
    try {
      const { user } = await api<{ user: PublicProfile }>(`/api/user/${encodeURIComponent(username)}`);
      if (user.myProfile) return setProblem(t('performers.manifest.thatIsYou'));
      if (!VERIFIED_ACCOUNT_TYPES.includes(user.type)) return setProblem(t('performers.manifest.notVerified', { username }));
      onAdd({ kind: 'account', username: user.username });
      setText('');
      onDone();
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.code !== 'rate_limited'
          ? t('performers.errors.performer_account_unknown')
          : t('performers.errors.generic'),
      );
    } finally {
      setBusy(false);
    }
  };

  // A <form> inside the upload form is not allowed: the button and Enter add by hand.
  return (
    <div className={styles.addBox}>
      <label htmlFor={id} className={forms.label}>
        {t('performers.manifest.accountLabel')}
      </label>
      <div className={styles.addRow}>
        <input
          id={id}
          className={forms.input}
          value={text}
          list={`${id}-suggestions`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          placeholder={t('performers.manifest.accountPlaceholder')}
          aria-describedby={`${id}-problem`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void add(event);
          }}
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((user) => (
            <option key={user.id} value={user.username}>
              {user.displayName}
            </option>
          ))}
        </datalist>
        <button type="button" className={forms.primary} disabled={busy} onClick={(event) => void add(event)}>
          {t('performers.manifest.add')}
        </button>
        <button type="button" className={forms.secondary} onClick={onDone}>
          {t('performers.manifest.cancel')}
        </button>
      </div>
      <p id={`${id}-problem`} className={forms.error} role="alert">
        {problem}
      </p>
    </div>
  );
}

/** Adds a person without an account: name and e-mail, who then get a link to verify and sign a release. */
function AddGuest({
  draft,
  onAdd,
  onDone,
}: {
  draft: ManifestDraft;
  onAdd: (person: DraftPerformer) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();

  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  const add = () => {
    const person: DraftPerformer = { kind: 'guest', name: name.trim(), email: email.trim() };
    if (!person.name) return setProblem(t('performers.manifest.guestNameMissing'));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(person.email)) return setProblem(t('performers.manifest.guestEmailInvalid'));
    if (isListed(draft, person)) return setProblem(t('performers.errors.performer_duplicate'));
    onAdd(person);
    onDone();
  };

  return (
    <fieldset className={`${styles.addBox} ${styles.guestBox}`} aria-describedby={`${id}-hint`}>
      <legend className={forms.label}>{t('performers.manifest.guestTitle')}</legend>
      <p id={`${id}-hint`} className={forms.hint}>
        {t('performers.manifest.guestHint')}
      </p>
      <div className={styles.guestFields}>
        <div className={forms.field}>
          <label htmlFor={`${id}-name`} className={forms.label}>
            {t('performers.manifest.guestName')}
          </label>
          <input
            id={`${id}-name`}
            className={forms.input}
            value={name}
            maxLength={200}
            autoComplete="off"
            onKeyDown={addOnEnter}
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </div>
        <div className={forms.field}>
          <label htmlFor={`${id}-email`} className={forms.label}>
            {t('performers.manifest.guestEmail')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            dir="ltr"
            className={forms.input}
            value={email}
            maxLength={254}
            autoComplete="off"
            onKeyDown={addOnEnter}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
      </div>
      <div className={styles.addRow}>
        <button type="button" className={forms.primary} onClick={add}>
          {t('performers.manifest.add')}
        </button>
        <button type="button" className={forms.secondary} onClick={onDone}>
          {t('performers.manifest.cancel')}
        </button>
      </div>
      <p className={forms.error} role="alert">
        {problem}
      </p>
    </fieldset>
  );
}

/**
 * Who appears in a post and when it was produced: only the creator by default; verified accounts by
 * username and people without an account can be added and removed. Saved rows show their state.
 */
export function ManifestEditor({
  value,
  onChange,
  disabled = false,
  onResend,
}: {
  value: ManifestDraft;
  onChange: (draft: ManifestDraft) => void;
  disabled?: boolean;
  /** Sends a saved guest a new release link once theirs expired unanswered. */
  onResend?: (performerId: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [adding, setAdding] = useState<Adding>();
  // The browser's day, known after hydration (the server's clock and time zone are not the creator's).
  const [today, setToday] = useState<string>();
  useEffect(() => setToday(localDay(new Date())), []);
  const add = (person: DraftPerformer) => onChange(addPerformer(value, person));

  return (
    <fieldset className={styles.manifest} disabled={disabled} aria-describedby={`${id}-lead`}>
      <legend className={styles.legend}>{t('performers.manifest.title')}</legend>
      <p id={`${id}-lead`} className={forms.hint}>
        {t('performers.manifest.lead')}
      </p>
      <div className={forms.field}>
        <label htmlFor={`${id}-date`} className={forms.label}>
          {t('performers.manifest.producedOn')}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={`${forms.input} ${styles.date}`}
          value={value.producedOn}
          max={today}
          required
          onChange={(event) => onChange({ ...value, producedOn: event.currentTarget.value })}
        />
      </div>
      <ul className={styles.people} aria-label={t('performers.manifest.listLabel')}>
        {value.performers.map((person, index) => (
          <li
            key={person.kind === 'account' ? person.username : person.kind === 'guest' ? person.email : 'self'}
            className={styles.person}
          >
            <PerformerName person={person} />
            {person.saved && <PerformerState performer={person.saved} />}
            {onResend && person.saved?.releaseExpired && (
              <button type="button" className={forms.quiet} onClick={() => person.saved && onResend(person.saved.id)}>
                {t('performers.manifest.resend')}
              </button>
            )}
            <button
              type="button"
              className={styles.remove}
              aria-label={t('performers.manifest.remove', {
                name:
                  person.kind === 'self'
                    ? t('performers.manifest.you')
                    : person.kind === 'account'
                      ? `@${person.username}`
                      : person.name,
              })}
              disabled={value.performers.length === 1}
              onClick={() => onChange(removePerformer(value, index))}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      {adding === 'account' ? (
        <AddAccount draft={value} onAdd={add} onDone={() => setAdding(undefined)} />
      ) : adding === 'guest' ? (
        <AddGuest draft={value} onAdd={add} onDone={() => setAdding(undefined)} />
      ) : (
        <div className={styles.addChoices}>
          <button type="button" className={forms.secondary} onClick={() => setAdding('account')}>
            {t('performers.manifest.addAccount')}
          </button>
          <button type="button" className={forms.secondary} onClick={() => setAdding('guest')}>
            {t('performers.manifest.addGuest')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
