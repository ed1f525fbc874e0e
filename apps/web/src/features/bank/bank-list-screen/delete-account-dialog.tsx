import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkWithdrawPassword } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { payoutAccountLabel } from '../../../shared/lib/payout-account-label.ts';
import { refreshPayoutAccounts, type PayoutAccount } from '../components/payout-accounts.ts';
import styles from './bank-list-screen.module.css';

const FIELD_IDS = { withdrawPassword: 'delete-account-password' } as const;

function DeleteAccountForm({ account, onDone }: { account: PayoutAccount; onDone: () => void }) {
  const { t } = useTranslation('bank');
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [withdrawPassword, setWithdrawPassword] = useState('');
  const [isDeleting, setIsDeleting] = useState(false);
  const form = useFormErrors<'withdrawPassword'>(FIELD_IDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate({ withdrawPassword: checkWithdrawPassword(withdrawPassword) })) return;
    setIsDeleting(true);
    try {
      await api('/cash/delBankCard', { id: account.id, withdrawPassword });
      await refreshPayoutAccounts(queryClient, token);
      notify.success(t('bank.delete.success'));
      onDone();
    } catch (error) {
      // Already gone (deleted on another device): the refreshed list says so, the toast says why.
      if (isApiError(error) && error.code === 'PAYOUT_ACCOUNT_NOT_FOUND') {
        void refreshPayoutAccounts(queryClient, token);
        onDone();
        return;
      }
      form.applyServerError(error);
      setIsDeleting(false);
    }
  };

  return (
    <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.dialogAccount} dir="auto">
        {payoutAccountLabel(account)}
      </p>
      <TextField
        id={FIELD_IDS.withdrawPassword}
        label={t('bank.fields.withdrawPassword')}
        value={withdrawPassword}
        onValueChange={(value) => {
          setWithdrawPassword(value);
          form.clearField('withdrawPassword');
        }}
        error={form.errors.withdrawPassword}
        isPassword
        autoComplete="off"
      />
      <FormError message={form.formError} />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="danger" isBusy={isDeleting}>
          {t('bank.delete.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** "Delete this account?": asks for the withdrawal password, then POST /cash/delBankCard and a fresh list. */
export function DeleteAccountDialog({ account, onClose }: { account: PayoutAccount | null; onClose: () => void }) {
  const { t } = useTranslation('bank');
  return (
    <AppDialog
      isOpen={account !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('bank.delete.title')}
      description={t('bank.delete.body')}
      testId="delete-account-dialog"
      initialFocus="first-control"
    >
      {account && <DeleteAccountForm key={account.id} account={account} onDone={onClose} />}
    </AppDialog>
  );
}
