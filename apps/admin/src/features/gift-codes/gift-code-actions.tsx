import type { TGiftCode } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { hasTakenPart } from '../../shared/ui/maker-checker.ts';

// What an operator may do with one gift code, in its row: read its redemptions; and, for those who
// manage codes, decide a waiting code (Approve never for its maker, who may still withdraw it with
// Reject) or disable a released one.

export type GiftCodeAction = 'redemptions' | 'approve' | 'reject' | 'disable';

export function GiftCodeActions({
  gift,
  canManage,
  ownId,
  onAction,
}: {
  gift: TGiftCode;
  canManage: boolean;
  ownId: string | undefined;
  onAction(action: GiftCodeAction, gift: TGiftCode): void;
}) {
  const { t } = useTranslation();
  const isWaiting = gift.status === 'pending';
  const isReleased = gift.status !== 'pending' && gift.status !== 'rejected' && gift.status !== 'disabled';
  return (
    <span className="cell-actions">
      <button type="button" className="button secondary small" onClick={() => onAction('redemptions', gift)}>
        {t('giftCodes.redemptions')}
      </button>
      {canManage && isWaiting ? (
        hasTakenPart(ownId, [gift.makerKey]) ? (
          <span className="muted" data-testid="made-by-me">
            {t('giftCodes.youMade')}
          </span>
        ) : (
          <button type="button" className="button small" onClick={() => onAction('approve', gift)}>
            {t('giftCodes.approve')}
          </button>
        )
      ) : null}
      {canManage && isWaiting ? (
        <button type="button" className="button danger small" onClick={() => onAction('reject', gift)}>
          {t('giftCodes.reject')}
        </button>
      ) : null}
      {canManage && isReleased ? (
        <button type="button" className="button danger small" onClick={() => onAction('disable', gift)}>
          {t('giftCodes.disable')}
        </button>
      ) : null}
    </span>
  );
}
