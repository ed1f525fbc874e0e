import type { TEditBankCardRequest } from '@mayur/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkWithdrawPassword } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { WarningIcon } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { ClipboardIcon } from '../components/bank-icons.tsx';
import { checkUsdtAddress } from '../components/payout-account-checks.ts';
import type { PayoutAccount } from '../components/payout-accounts.ts';
import { PayoutFormScreen } from '../components/payout-form-screen.tsx';
import styles from '../components/payout-form.module.css';
import { useAfterSave } from '../components/use-after-save.ts';

type UsdtField = 'usdtAccount' | 'withdrawPassword';

const FIELD_IDS: Record<UsdtField, string> = {
  usdtAccount: 'usdt-account',
  withdrawPassword: 'usdt-withdraw-password',
};

/** A TRC20 address is 34 characters; a little more room lets a paste with stray spaces arrive whole. */
const ADDRESS_INPUT_LENGTH = 64;

/** Reading the clipboard needs the asynchronous Clipboard API, which plain-http pages and old browsers lack. */
function canReadClipboard(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
}

function UsdtAccountForm({ account }: { account: PayoutAccount | null }) {
  const { t } = useTranslation('bank');
  const afterSave = useAfterSave('usdt');
  const [address, setAddress] = useState(account?.usdtAccount ?? '');
  const [withdrawPassword, setWithdrawPassword] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const [hasClipboard] = useState(canReadClipboard);
  const form = useFormErrors<UsdtField>(FIELD_IDS);

  const changeAddress = (value: string) => {
    setAddress(value);
    form.clearField('usdtAccount');
  };

  const paste = async () => {
    try {
      changeAddress((await navigator.clipboard.readText()).trim());
      document.getElementById(FIELD_IDS.usdtAccount)?.focus();
    } catch {
      // The player refused the permission, or the clipboard holds no text.
      notify.error(t('bank.usdtForm.pasteFailed'));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const isValid = form.validate({
      usdtAccount: checkUsdtAddress(address),
      withdrawPassword: checkWithdrawPassword(withdrawPassword),
    });
    if (!isValid) return;
    setIsSaving(true);
    try {
      const usdtAccount = address.trim();
      const saved = account
        ? await api('/cash/editBankCard', {
            id: account.id,
            kind: 'usdt',
            usdtAccount,
            withdrawPassword,
          } satisfies TEditBankCardRequest)
        : await api('/cash/addBankCardNew', { usdtAccount, withdrawPassword });
      afterSave.saved(saved, account ? t('bank.form.saved') : t('bank.usdtForm.added'));
    } catch (error) {
      // A refusal is toasted by the API client and also shown beside the field it concerns.
      afterSave.refused(error);
      form.applyServerError(error);
      setIsSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="usdt-form">
      <p className={styles.warning}>
        <WarningIcon size={18} />
        <span>{t('bank.usdtForm.networkWarning')}</span>
      </p>
      <div className={styles.codeField}>
        <TextField
          id={FIELD_IDS.usdtAccount}
          label={t('bank.fields.usdtAccount')}
          hint={t('bank.fields.usdtAccountHint')}
          value={address}
          onValueChange={changeAddress}
          error={form.errors.usdtAccount}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck="false"
          maxLength={ADDRESS_INPUT_LENGTH}
          dir="ltr"
          action={
            hasClipboard && (
              <button type="button" className={styles.fieldButton} onClick={() => void paste()}>
                <ClipboardIcon size={16} />
                {t('bank.usdtForm.paste')}
              </button>
            )
          }
        />
      </div>
      <TextField
        id={FIELD_IDS.withdrawPassword}
        label={t('bank.fields.withdrawPassword')}
        hint={t('bank.fields.withdrawPasswordHint')}
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
      <Button type="submit" isBlock isBusy={isSaving}>
        {t('common.save')}
      </Button>
    </form>
  );
}

/** /addbankemail and /editbankemail?id=: a USDT (TRC20) address to withdraw to (POST /cash/addBankCardNew, /cash/editBankCard). */
export function UsdtAccountFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <PayoutFormScreen
      group="usdt"
      mode={mode}
      renderForm={(account) => (
        <div className={styles.card}>
          <UsdtAccountForm key={account?.id ?? 'new'} account={account} />
        </div>
      )}
    />
  );
}
