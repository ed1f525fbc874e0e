import type { TLotteryResult } from '@mayur/contracts';
import { wingoColours, type WingoColour as Colour } from '@mayur/rules/lottery-rules';
import { useTranslation } from 'react-i18next';
import styles from './lottery.module.css';

function ballClass(colours: readonly Colour[]): string {
  return [styles.ball, ...colours.map((colour) => styles[`ball_${colour}`])].join(' ');
}

/** A number as a coloured ball; two colours split it diagonally. */
export function NumberBall({
  number,
  size = 'md',
  isAnimated = false,
}: {
  number: number;
  size?: 'sm' | 'md' | 'lg';
  isAnimated?: boolean;
}) {
  const colours = wingoColours(number);
  return (
    <span
      className={`${ballClass(colours)} ${styles[`ball_${size}`]} ${isAnimated ? styles.ballReveal : ''}`}
      data-colours={colours.join(' ')}
      data-testid="result-number"
    >
      {number}
    </span>
  );
}

export function ColourDots({ colours }: { colours: readonly Colour[] }) {
  const { t } = useTranslation('lottery');
  return (
    <span className={styles.dots} role="img" aria-label={colours.map((colour) => t(`lottery.colours.${colour}`)).join(', ')}>
      {colours.map((colour) => (
        <span key={colour} className={`${styles.dot} ${styles[`dot_${colour}`]}`} />
      ))}
    </span>
  );
}

/** Bit Game: the three digits, their sum and big or small. */
export function DigitsResult({ result, isAnimated = false }: { result: TLotteryResult; isAnimated?: boolean }) {
  const { t } = useTranslation('lottery');
  const digits = result.digits ?? [];
  return (
    <span className={styles.digits} data-testid="result-digits">
      {digits.map((digit, index) => (
        <span key={index} className={`${styles.digit} ${isAnimated ? styles.ballReveal : ''}`}>
          {digit}
        </span>
      ))}
      <span className={styles.digitSum}>
        {t('lottery.bitgame.sum', { sum: result.sum ?? 0 })}
        {result.size && (
          <span className={`${styles.sizeBadge} ${styles[`size_${result.size}`]}`}>{t(`lottery.bitgame.${result.size}`)}</span>
        )}
      </span>
    </span>
  );
}

/** Any lottery result: a Win Go ball or the Bit Game digits. */
export function ResultView({
  result,
  size = 'md',
  isAnimated = false,
}: {
  result: TLotteryResult;
  size?: 'sm' | 'md' | 'lg';
  isAnimated?: boolean;
}) {
  if (result.number !== null) return <NumberBall number={result.number} size={size} isAnimated={isAnimated} />;
  return <DigitsResult result={result} isAnimated={isAnimated} />;
}
