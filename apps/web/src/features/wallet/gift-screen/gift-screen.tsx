import type { ResponseOf } from '@mayur/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { refreshWallet } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { checkGiftCode } from '../../../shared/lib/validation.ts';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { ExclusionBanner } from '../../protection/breaks/exclusion-banner.tsx';
import { BackIcon, CheckIcon, ListIcon } from '../../../shared/ui/icons.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { GiftArt } from '../components/wallet-art.tsx';
import styles from './gift-screen.module.css';

type RedeemedGift = ResponseOf<'/cash/redeemGift'>;

const GIFT_CODE_MAX_LENGTH = 32;

function RedeemGiftForm({ onRedeemed }: { onRedeemed: (gift: RedeemedGift) => void }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [isRedeeming, setIsRedeeming] = useState(false);
  const form = useFormErrors<'code'>({ code: 'gift-code' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate({ code: checkGiftCode(code) })) return;
    setIsRedeeming(true);
    try {
      // A refusal is toasted by the API client and also shown under the field.
      const gift = await api('/cash/redeemGift', { code: code.trim() });
      refreshWallet(queryClient, session.getToken(), gift);
      notify.success(t('gift.success'));
      onRedeemed(gift);
    } catch (error) {
      form.applyServerError(error);
      setIsRedeeming(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="gift-form">
      <TextField
        id="gift-code"
        label={t('gift.codeLabel')}
        hint={t('gift.codeHint')}
        value={code}
        onValueChange={(value) => {
          // Codes are letters and digits; spaces from a pasted message are dropped, case does not matter.
          setCode(value.replace(/\s+/g, '').toUpperCase());
          form.clearField('code');
        }}
        error={form.errors.code}
        maxLength={GIFT_CODE_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck="false"
        enterKeyHint="done"
        dir="ltr"
      />
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isRedeeming}>
        {t('gift.redeem')}
      </Button>
      <p className={styles.rules}>{t('gift.rules')}</p>
    </form>
  );
}

function RedeemedGiftSummary({ gift, onRedeemAnother }: { gift: RedeemedGift; onRedeemAnother: () => void }) {
  const { t } = useTranslation('wallet');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={styles.success} data-testid="gift-success">
      <span className={styles.successBadge} aria-hidden="true">
        <CheckIcon size={30} />
      </span>
      <h2 ref={headingRef} className={styles.successTitle} tabIndex={-1}>
        {t('gift.success')}
      </h2>
      <p className={styles.successAmount}>
        <Money value={gift.amount} testId="gift-amount" />
      </p>
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>{t('gift.creditedTo')}</dt>
          <dd data-testid="gift-wallet">
            <span className={styles.walletBadge} data-wallet={gift.wallet}>
              {t(`transactions.wallets.${gift.wallet}`)}
            </span>
          </dd>
        </div>
      </dl>
      <h3 className={styles.summaryCaption}>{t('gift.walletNow')}</h3>
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>{t('transactions.wallets.cash')}</dt>
          <dd>
            <Money value={gift.balance} testId="gift-balance" />
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>{t('transactions.wallets.bonus')}</dt>
          <dd>
            <Money value={gift.bonus} testId="gift-bonus" />
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" isBlock onClick={onRedeemAnother}>
          {t('gift.redeemAnother')}
        </Button>
        <Link to="/transactions" className={buttonClassName({ variant: 'ghost', isBlock: true })}>
          <ListIcon size={18} />
          {t('gift.viewTransactions')}
        </Link>
      </div>
    </div>
  );
}

/** /gift: redeem a gift code into bonus or cash (POST /cash/redeemGift). */
export function GiftScreen() {
  const { t } = useTranslation('wallet');
  const goBack = useGoBack('/mine');
  const [gift, setGift] = useState<RedeemedGift | null>(null);
  return (
    <div className={styles.screen}>
      <div className={styles.hero}>
        <button type="button" className={styles.back} aria-label={t('common.back')} onClick={goBack}>
          <BackIcon />
        </button>
        <GiftArt className={styles.art} />
        <h1 className={styles.title}>{t('gift.heading')}</h1>
        <p className={styles.intro}>{t('gift.intro')}</p>
      </div>
      <ExclusionBanner isInset />
      <div className={styles.card}>
        {gift ? (
          <RedeemedGiftSummary gift={gift} onRedeemAnother={() => setGift(null)} />
        ) : (
          <RedeemGiftForm onRedeemed={setGift} />
        )}
      </div>
      <Link to="/mine" className={styles.backToMine}>
        {t('gift.backToMine')}
      </Link>
    </div>
  );
}
