import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import forms from '../account/forms.module.css';
import { Dialog } from '../dialogs/Dialog';

/** Asks before consent is withdrawn, with the reason the moderators read; the post is hidden on confirming. */
export function WithdrawDialog({
  onWithdraw,
  onClose,
}: {
  onWithdraw: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await onWithdraw(reason.trim())) onClose();
    else setBusy(false);
  };
  return (
    <Dialog
      open
      size="small"
      onClose={onClose}
      title={t('performers.withdraw.title')}
      description={t('performers.withdraw.description')}
    >
      <form className={forms.form} onSubmit={(event) => void submit(event)}>
        <div className={forms.field}>
          <label htmlFor={id} className={forms.label}>
            {t('performers.withdraw.reason')}
          </label>
          <textarea
            id={id}
            className={forms.textarea}
            value={reason}
            required
            minLength={3}
            maxLength={2000}
            data-autofocus
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </div>
        <div className={forms.actions}>
          <button type="button" className={forms.secondary} onClick={onClose}>
            {t('performers.withdraw.cancel')}
          </button>
          <button type="submit" className={forms.danger} disabled={busy || reason.trim().length < 3}>
            {t('performers.withdraw.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
