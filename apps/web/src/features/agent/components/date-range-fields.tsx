import { useTranslation } from 'react-i18next';
import shared from './agent-screens.module.css';

/**
 * Two day fields, From and To, side by side (stacked on narrow screens), with the range's error
 * below them when it is invalid: the report's custom period and the subordinates list's registration
 * days both ask for days this way.
 */
export function DateRangeFields({
  from,
  to,
  maxDay,
  isInvalid,
  errorId,
  onFromChange,
  onToChange,
}: {
  from: string;
  to: string;
  /** The last day that may be chosen, if any (the report stops at today). */
  maxDay?: string;
  isInvalid: boolean;
  /** The error paragraph's id, which the fields name as their description while it shows. */
  errorId: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
}) {
  const { t } = useTranslation('agent');
  const field = (label: string, value: string, onChange: (day: string) => void) => (
    <label className={shared.dateField}>
      {label}
      <input
        className={shared.input}
        type="date"
        value={value}
        max={maxDay}
        aria-invalid={isInvalid}
        aria-describedby={isInvalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
  return (
    <>
      <div className={shared.dateRow}>
        {field(t('agent.report.from'), from, onFromChange)}
        {field(t('agent.report.to'), to, onToChange)}
      </div>
      {isInvalid && (
        <p id={errorId} className={shared.fieldError} role="alert">
          {t('errors.DATE_RANGE_INVALID')}
        </p>
      )}
    </>
  );
}
