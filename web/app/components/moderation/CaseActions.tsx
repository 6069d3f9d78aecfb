import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ActionDialog } from './ActionDialog';
import styles from './Admin.module.css';
import { ActionStatusLine, AdminPanel } from './AdminPanel';
import type { CaseDetailAnswer } from './admin-types';
import view from './Case.module.css';
import { type ActionChoice, type ActionValues, accountActions, caseSteps, postActions } from './enforcement-options';
import { useAdminAction } from './useAdminAction';

/**
 * The request an action sends: case steps to the case routes, actions on the subject to enforcement
 * (which records them on the case and sends the statement of reasons).
 */
function actionRequest(detail: CaseDetailAnswer, choice: ActionChoice, values: ActionValues): { path: string; body: object } {
  const item = detail.case;
  const reasons = { publicReason: values.publicReason || undefined, note: values.note || undefined };
  if (choice.target === 'case') return { path: `/api/admin/cases/${item.id}/${choice.kind}`, body: reasons };
  const subject = choice.target === 'post' ? `posts/${item.subject.post?.id}` : `users/${item.subject.user?.id}`;
  return {
    path: `/api/admin/enforcement/${subject}/actions`,
    body: {
      kind: choice.kind,
      caseId: item.id,
      category: choice.grounds ? values.category : item.category,
      ...(choice.grounds && values.rule ? { rule: values.rule } : {}),
      ...reasons,
      ...(values.days ? { days: values.days } : {}),
    },
  };
}

function ActionGroup({
  title,
  choices,
  onChoose,
}: {
  title: string;
  choices: readonly ActionChoice[];
  onChoose: (choice: ActionChoice) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={view.actions}>
      <h3 className={view.actionGroupTitle}>{title}</h3>
      <div className={view.actionGroup}>
        {choices.map((choice) => (
          <button
            key={choice.kind}
            type="button"
            className={styles.button}
            data-tone={choice.danger ? 'danger' : undefined}
            aria-haspopup="dialog"
            onClick={() => onChoose(choice)}
          >
            {t(`moderation.actions.${choice.kind}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** What a moderator can do with the case: take it, act on the post or the account, escalate or dismiss it. */
export function CaseActions({ detail }: { detail: CaseDetailAnswer }) {
  const { t } = useTranslation();
  const { run, busy, status } = useAdminAction();
  const [chosen, setChosen] = useState<ActionChoice | undefined>();
  const item = detail.case;
  const closed = item.status === 'actioned' || item.status === 'dismissed';
  const defaultCategory = item.category;

  return (
    <AdminPanel id="case-actions" title={t('moderation.case.actions')}>
      {!closed && !item.assignee && (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={styles.button}
            data-tone="primary"
            disabled={busy}
            onClick={() => run(`/api/admin/cases/${item.id}/assign`, {})}
          >
            {t('moderation.case.assignToMe')}
          </button>
        </div>
      )}
      {item.subject.post && <ActionGroup title={t('moderation.case.postActions')} choices={postActions} onChoose={setChosen} />}
      {item.subject.user && (
        <ActionGroup title={t('moderation.case.accountActions')} choices={accountActions} onChoose={setChosen} />
      )}
      {!closed && <ActionGroup title={t('moderation.case.caseSteps')} choices={caseSteps} onChoose={setChosen} />}
      <ActionStatusLine status={status} />
      {chosen && (
        <ActionDialog
          choice={chosen}
          busy={busy}
          defaultCategory={defaultCategory}
          onClose={() => setChosen(undefined)}
          onSubmit={async (values) => {
            const request = actionRequest(detail, chosen, values);
            if (await run(request.path, request.body)) setChosen(undefined);
          }}
        />
      )}
    </AdminPanel>
  );
}
