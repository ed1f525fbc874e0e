import type { TEditBankCardRequest } from '@mayur/contracts';
import { MOBILE_MAX_INPUT_LENGTH } from '@mayur/rules/field-rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { useCurrentUser } from '../../../shared/api/queries.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import {
  bankAccountDraftOf,
  bankAccountRequestOf,
  checkBankAccountDraft,
  emptyBankAccountDraft,
  type BankAccountDraft,
  type BankAccountField,
  type BankAccountKind,
} from '../components/payout-account-checks.ts';
import type { PayoutAccount } from '../components/payout-accounts.ts';
import { PayoutFormScreen } from '../components/payout-form-screen.tsx';
import styles from '../components/payout-form.module.css';
import { useAfterSave } from '../components/use-after-save.ts';
import { KindChoice } from './kind-choice.tsx';

// In the form's order, which is the contract's: the first failed check is the first field to fix.
const FIELD_IDS: Record<BankAccountField, string> = {
  actualName: 'bank-actual-name',
  ifscCode: 'bank-ifsc-code',
  bankName: 'bank-bank-name',
  bankAccount: 'bank-account-number',
  upiAccount: 'bank-upi-account',
  email: 'bank-email',
  mobile: 'bank-mobile',
  withdrawPassword: 'bank-withdraw-password',
};

const ACTUAL_NAME_INPUT_LENGTH = 80;
const BANK_NAME_INPUT_LENGTH = 80;
const IFSC_INPUT_LENGTH = 16;
const BANK_ACCOUNT_INPUT_LENGTH = 24;
const UPI_INPUT_LENGTH = 130;
const EMAIL_INPUT_LENGTH = 254;

function BankAccountForm({ account }: { account: PayoutAccount | null }) {
  const { t } = useTranslation('bank');
  const user = useCurrentUser();
  const afterSave = useAfterSave('bank');
  const [draft, setDraft] = useState<BankAccountDraft>(() =>
    account ? bankAccountDraftOf(account) : emptyBankAccountDraft(user.data),
  );
  const [isSaving, setIsSaving] = useState(false);
  const form = useFormErrors<BankAccountField>(FIELD_IDS);
  const isBankCard = draft.kind === 'bank';

  const edit = (field: BankAccountField, normalise: (value: string) => string = (value) => value) => ({
    id: FIELD_IDS[field],
    value: draft[field],
    error: form.errors[field],
    onValueChange: (value: string) => {
      setDraft((current) => ({ ...current, [field]: normalise(value) }));
      form.clearField(field);
    },
  });

  const chooseKind = (kind: BankAccountKind) => {
    setDraft((current) => ({ ...current, kind }));
    // The UPI account is optional beside a bank card and required on its own, so its message may no longer apply.
    form.clearField('upiAccount');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate(checkBankAccountDraft(draft))) return;
    setIsSaving(true);
    try {
      // The add and edit bodies are typed by the contracts' parsed shapes: their input types are open
      // (`kind` defaults to "bank"), so only these catch a missing or misnamed field.
      const body = bankAccountRequestOf(draft);
      const saved = account
        ? await api('/cash/editBankCard', { id: account.id, ...body } satisfies TEditBankCardRequest)
        : await api('/cash/addBankCard', body);
      const message = account ? t('bank.form.saved') : draft.kind === 'upi' ? t('bank.form.upiAdded') : t('bank.form.bankAdded');
      afterSave.saved(saved, message);
    } catch (error) {
      // A refusal is toasted by the API client and also shown beside the field it concerns.
      afterSave.refused(error);
      form.applyServerError(error);
      setIsSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="bank-form">
      <KindChoice value={draft.kind} onValueChange={chooseKind} />
      <p className={styles.intro}>{isBankCard ? t('bank.form.bankIntro') : t('bank.form.upiIntro')}</p>
      <TextField
        {...edit('actualName')}
        label={t('bank.fields.actualName')}
        hint={t('bank.fields.actualNameHint')}
        autoComplete="name"
        autoCapitalize="words"
        maxLength={ACTUAL_NAME_INPUT_LENGTH}
        dir="auto"
      />
      {isBankCard && (
        <>
          <div className={styles.codeField}>
            <TextField
              {...edit('ifscCode', (value) => value.replace(/\s+/g, '').toUpperCase())}
              label={t('bank.fields.ifscCode')}
              hint={t('bank.fields.ifscCodeHint')}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck="false"
              maxLength={IFSC_INPUT_LENGTH}
              dir="ltr"
            />
          </div>
          <TextField
            {...edit('bankName')}
            label={t('bank.fields.bankName')}
            autoComplete="off"
            autoCapitalize="words"
            maxLength={BANK_NAME_INPUT_LENGTH}
            dir="auto"
          />
          <div className={styles.codeField}>
            <TextField
              {...edit('bankAccount', (value) => value.replace(/\D+/g, ''))}
              label={t('bank.fields.bankAccount')}
              hint={t('bank.fields.bankAccountHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={BANK_ACCOUNT_INPUT_LENGTH}
            />
          </div>
        </>
      )}
      <TextField
        {...edit('upiAccount', (value) => value.trim())}
        label={t('bank.fields.upiAccount')}
        hint={isBankCard ? t('bank.fields.upiAccountOptionalHint') : t('bank.fields.upiAccountHint')}
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck="false"
        maxLength={UPI_INPUT_LENGTH}
        dir="ltr"
      />
      <TextField
        {...edit('email')}
        label={t('bank.fields.email')}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_INPUT_LENGTH}
      />
      <TextField
        {...edit('mobile')}
        label={t('bank.fields.mobile')}
        prefix="+91"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={MOBILE_MAX_INPUT_LENGTH}
      />
      <TextField
        {...edit('withdrawPassword')}
        label={t('bank.fields.withdrawPassword')}
        hint={t('bank.fields.withdrawPasswordHint')}
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

/** /addbank and /editbank?id=: a bank card or UPI account to withdraw to (POST /cash/addBankCard, /cash/editBankCard). */
export function BankFormScreen({ mode }: { mode: 'add' | 'edit' }) {
  return (
    <PayoutFormScreen
      group="bank"
      mode={mode}
      renderForm={(account) => (
        <div className={styles.card}>
          <BankAccountForm key={account?.id ?? 'new'} account={account} />
        </div>
      )}
    />
  );
}
