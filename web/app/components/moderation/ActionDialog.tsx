import { useTranslation } from '../../i18n/react';
import { Dialog } from '../dialogs/Dialog';
import styles from './Admin.module.css';
import { type ActionChoice, type ActionValues, actionCategories, actionRules } from './enforcement-options';

export interface ActionDialogProps {
  readonly choice: ActionChoice;
  readonly busy: boolean;
  readonly onClose: () => void;
  readonly onSubmit: (values: ActionValues) => void;
  /** The case's category, chosen first: most actions rest on what was reported. */
  readonly defaultCategory?: string;
}

/**
 * Asks what every action needs before it is taken: the category and rule it rests on, the reason the
 * user is told (their statement of reasons) and the note only moderators read; a suspension its length.
 */
export function ActionDialog({ choice, busy, onClose, onSubmit, defaultCategory }: ActionDialogProps) {
  const { t } = useTranslation();
  const needsGrounds = choice.grounds;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`moderation.actions.${choice.kind}`)}
      description={t('moderation.actionDialog.description')}
    >
      <form
        className={styles.complaint}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const text = (name: string) => String(data.get(name) ?? '').trim();
          onSubmit({
            category: text('category'),
            rule: text('rule'),
            publicReason: text('publicReason'),
            note: text('note'),
            days: choice.period ? Number(text('days')) : undefined,
          });
        }}
      >
        {needsGrounds && (
          <>
            <div className={styles.field}>
              <label htmlFor="action-category">{t('moderation.actionDialog.category')}</label>
              <select
                id="action-category"
                name="category"
                className={styles.select}
                defaultValue={defaultCategory}
                required
                data-autofocus
              >
                {actionCategories.map((category) => (
                  <option key={category} value={category}>
                    {t(`moderation.category.${category}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.field}>
              <label htmlFor="action-rule">{t('moderation.actionDialog.rule')}</label>
              <select id="action-rule" name="rule" className={styles.select} required>
                {actionRules.map((rule) => (
                  <option key={rule} value={rule}>
                    {t(`moderation.rule.${rule}`)}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        {choice.period && (
          <div className={styles.field}>
            <label htmlFor="action-days">{t('moderation.actionDialog.days')}</label>
            <input
              id="action-days"
              name="days"
              type="number"
              min={1}
              max={365}
              defaultValue={7}
              required
              className={styles.input}
            />
          </div>
        )}
        <div className={styles.field}>
          <label htmlFor="action-public">{t('moderation.actionDialog.publicReason')}</label>
          <textarea
            id="action-public"
            name="publicReason"
            required={needsGrounds}
            maxLength={2000}
            className={styles.input}
            aria-describedby="action-public-hint"
          />
          <p id="action-public-hint" className={styles.hint}>
            {t('moderation.actionDialog.publicReasonHint')}
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor="action-note">{t('moderation.actionDialog.note')}</label>
          <textarea id="action-note" name="note" maxLength={5000} className={styles.input} aria-describedby="action-note-hint" />
          <p id="action-note-hint" className={styles.hint}>
            {t('moderation.actionDialog.noteHint')}
          </p>
        </div>
        <div className={styles.toolbar}>
          <button type="submit" className={styles.button} data-tone={choice.danger ? 'danger' : 'primary'} disabled={busy}>
            {t(`moderation.actions.${choice.kind}`)}
          </button>
          <button type="button" className={styles.button} onClick={onClose}>
            {t('moderation.actionDialog.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
