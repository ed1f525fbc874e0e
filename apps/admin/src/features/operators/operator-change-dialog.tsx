import type { TOperator } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { CodeConfirmDialog } from '../../shared/ui/code-confirm-dialog.tsx';

// The question before an owner resets or disables another operator, with a fresh code. Either ends
// the operator's sessions; a reset also e-mails them a new one-time password. For another owner it is
// only a request, made when a second owner approves it (admin/operator-powers.ts).

export type OperatorChange = 'reset' | 'disable';

export function OperatorChangeDialog({
  change,
  subject,
  isWorking,
  error,
  onConfirm,
  onCancel,
}: {
  change: OperatorChange;
  subject: TOperator;
  isWorking: boolean;
  error: unknown;
  onConfirm(code: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const isReset = change === 'reset';
  return (
    <CodeConfirmDialog
      title={t(isReset ? 'operators.confirmResetTitle' : 'operators.confirmDisableTitle', { name: subject.name })}
      confirmLabel={t(isReset ? 'operators.reset' : 'operators.disable')}
      isDanger={!isReset}
      isWorking={isWorking}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t(isReset ? 'operators.confirmReset' : 'operators.confirmDisable', { name: subject.name })}</p>
      {subject.role === 'owner' ? <p>{t('operators.secondOwnerNeeded', { name: subject.name })}</p> : null}
    </CodeConfirmDialog>
  );
}
