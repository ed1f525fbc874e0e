import { useTranslation } from 'react-i18next';
import { AdminApiError } from '../api/admin-api.ts';

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="state" role="status" aria-live="polite">
      {t('states.loading')}
    </p>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <p className="state">{text ?? t('states.empty')}</p>;
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error" role="alert">
      <p>{errorText(t, error)}</p>
      {onRetry ? (
        <button type="button" className="button secondary" onClick={onRetry}>
          {t('states.retry')}
        </button>
      ) : null}
    </div>
  );
}

/** A refusal's text: the code's translation, else the server's English message. */
export function errorText(t: (key: string, options?: Record<string, unknown>) => string, error: unknown): string {
  if (error instanceof AdminApiError) return t(`errors.${error.code}`, { defaultValue: error.message });
  return t('errors.INTERNAL');
}
