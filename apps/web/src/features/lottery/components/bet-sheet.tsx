import { wingoColours } from '@mayur/rules/lottery-rules';
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WARNING_MS } from './countdown-warning.ts';
import { formatCountdown, type LotteryRound } from './use-lottery-round.ts';
import styles from './lottery.module.css';

/** The colour classes of a selection's sheet: its colour, a number's colours, or big/small. */
export function selectionToneClasses(select: string): string {
  if (select === 'big' || select === 'small') return styles[`tone_${select}`] ?? '';
  const colours = /^\d$/.test(select) ? wingoColours(Number(select)) : [select];
  return colours.map((colour) => styles[`tone_${colour}`]).join(' ');
}

type BetSheetProps = {
  isOpen: boolean;
  /** Called when the player asks to close (Escape, back gesture, a tap on the backdrop). */
  onClose: () => void;
  /** The selection the sheet is coloured by. */
  select: string | null;
  title: string;
  round: LotteryRound;
  children: ReactNode;
  actions: ReactNode;
  testId: string;
};

/**
 * A bottom sheet for a bet, on the native <dialog> (top layer, the page behind inert, focus moved in
 * and back), coloured by the selection, with the countdown to the close of betting always in its head
 * and a warning in the last five seconds.
 */
export function BetSheet({ isOpen, onClose, select, title, round, children, actions, testId }: BetSheetProps) {
  const { t } = useTranslation('lottery');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      // The chosen chip takes focus (else the first control), as in any form.
      (
        dialog.querySelector<HTMLElement>('input:checked') ?? dialog.querySelector<HTMLElement>('input, button:not([disabled])')
      )?.focus();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  const isBetting = round.phase === 'betting';
  const isWarning = isBetting && round.bettingLeftMs <= WARNING_MS;
  return (
    <dialog
      ref={dialogRef}
      className={styles.sheet}
      aria-labelledby={titleId}
      data-testid={testId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={() => isOpen && onClose()}
      onClick={onClick}
    >
      <div className={`${styles.sheetHead} ${select ? selectionToneClasses(select) : ''}`} data-testid="bet-sheet-head">
        <h2 id={titleId} className={styles.sheetTitle}>
          {title}
        </h2>
        <div className={styles.sheetClock} data-warning={isWarning}>
          <span className={styles.sheetClockLabel}>{isBetting ? t('lottery.timeToBet') : t('lottery.bettingClosed')}</span>
          <span className={`${styles.sheetCountdown} ltr-text`} role="timer" aria-live="off" data-testid="sheet-countdown">
            {formatCountdown(round.bettingLeftMs)}
          </span>
        </div>
        <p className={styles.sheetWarning} role="status" data-testid="sheet-warning">
          {isWarning ? t('lottery.sheet.closingSoon') : ''}
        </p>
      </div>
      <div className={styles.sheetBody}>{children}</div>
      <div className={styles.sheetFoot}>{actions}</div>
    </dialog>
  );
}
