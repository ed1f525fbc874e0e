import { formatMoney, parseMoney } from '@mayur/rules/money';
import type { TGiftCode } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { formatRupees } from '../../shared/ui/format.ts';

// The questions before a waiting gift code is decided (server: gifts/gift-codes.ts). Approving
// releases money to whoever has the code, so the dialog says what the code is worth in all (amount ×
// uses, in exact paise) and to which wallet; rejecting is for good.

/** A code's whole value, amount × uses, as the wire's two-decimal text. */
export function giftTotal(gift: Pick<TGiftCode, 'amount' | 'maxUses'>): string {
  return formatMoney((parseMoney(gift.amount) ?? 0n) * BigInt(gift.maxUses));
}

type Decision = { gift: TGiftCode; isWorking: boolean; error: unknown; onConfirm(): void; onCancel(): void };

export function ApproveGiftCodeDialog({ gift, isWorking, error, onConfirm, onCancel }: Decision) {
  const { t } = useTranslation();
  const total = formatRupees(giftTotal(gift));
  return (
    <ConfirmDialog
      title={t('giftCodes.approveTitle', { code: gift.code })}
      confirmLabel={t('giftCodes.confirmApprove', { total })}
      isWorking={isWorking}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {t('giftCodes.approveValue', {
          amount: formatRupees(gift.amount),
          uses: gift.maxUses,
          total,
          target: t(`giftCodes.wallets.${gift.target}`),
        })}
      </p>
      <p>{t('giftCodes.approveMaker', { maker: gift.createdBy })}</p>
      <p>{t('giftCodes.approveEffect')}</p>
    </ConfirmDialog>
  );
}

export function RejectGiftCodeDialog({ gift, isWorking, error, onConfirm, onCancel }: Decision) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('giftCodes.rejectTitle', { code: gift.code })}
      confirmLabel={t('giftCodes.reject')}
      isDanger
      isWorking={isWorking}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t('giftCodes.rejectEffect')}</p>
    </ConfirmDialog>
  );
}
