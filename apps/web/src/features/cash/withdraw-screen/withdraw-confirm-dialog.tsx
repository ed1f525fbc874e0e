import { useTranslation } from 'react-i18next';
import { formatRupees } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatUsdt, type UsdtHundredths } from '../components/cash-amounts.ts';
import screenStyles from './withdraw-screen.module.css';

export type WithdrawConfirmation = {
  amountPaise: bigint;
  /** The destination as the player knows it: "HDFC Bank ••••4321". */
  accountName: string;
  /** The approximate USDT paid out, for a USDT withdrawal. */
  usdtOut: UsdtHundredths | null;
};

/** "Withdraw ₹X to <account>? Once requested, a withdrawal cannot be cancelled." — Cancel or Confirm. */
export function WithdrawConfirmDialog({
  confirmation,
  isSubmitting,
  onCancel,
  onConfirm,
}: {
  confirmation: WithdrawConfirmation | null;
  isSubmitting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('cash');
  return (
    <AppDialog
      isOpen={confirmation !== null}
      onOpenChange={(isOpen) => !isOpen && onCancel()}
      isPersistent={isSubmitting}
      role="alertdialog"
      initialFocus="first-control"
      testId="withdraw-confirm-dialog"
      title={t('cash.withdraw.confirmTitle')}
      description={
        confirmation &&
        t('cash.withdraw.confirmQuestion', {
          amount: isolateLeftToRight(formatRupees(confirmation.amountPaise)),
          account: isolateLeftToRight(confirmation.accountName),
        })
      }
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button onClick={onConfirm} isBusy={isSubmitting} data-testid="withdraw-confirm">
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      {confirmation?.usdtOut != null && (
        <p className={screenStyles.confirmUsdt}>
          {t('cash.withdraw.confirmUsdt', { usdt: isolateLeftToRight(formatUsdt(confirmation.usdtOut)) })}
        </p>
      )}
    </AppDialog>
  );
}
