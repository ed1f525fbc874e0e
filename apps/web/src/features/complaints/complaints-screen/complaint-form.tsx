import type { TComplaint, TComplaintRecord } from '@mayur/contracts';
import {
  COMPLAINT_TEXT_MAX_LENGTH,
  COMPLAINT_TYPES,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_COUNT,
  type ComplaintType,
} from '@mayur/rules/complaint-rules';
import type { ErrorCode } from '@mayur/rules/errors';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { checkScreenshotFile, type PickedScreenshot } from '../screenshot-file.ts';
import { useComplaintRecords, useRefreshComplaints } from '../use-complaints.ts';
import styles from './complaints-screen.module.css';

type Field = 'type' | 'reference' | 'text' | 'screenshots';
type Errors = Partial<Record<Field, string>>;

const FIELD_IDS: Record<Field, string> = {
  type: 'complaint-type',
  reference: 'complaint-reference',
  text: 'complaint-text',
  screenshots: 'complaint-screenshots',
};

/** Which form field a refusal belongs to; the others show above the button. */
function fieldOfCode(code: string): Field | null {
  if (code.startsWith('COMPLAINT_TYPE')) return 'type';
  if (code.startsWith('COMPLAINT_REFERENCE')) return 'reference';
  if (code.startsWith('COMPLAINT_TEXT')) return 'text';
  if (code.startsWith('SCREENSHOT_')) return 'screenshots';
  return null;
}

/** The records worth offering for a type: a recharge complaint is about a recharge, a game one about a bet. */
function recordsFor(type: ComplaintType | '', records: TComplaintRecord[]): TComplaintRecord[] {
  if (type === 'recharge' || type === 'withdrawal') return records.filter((record) => record.kind === type);
  if (type === 'game') return records.filter((record) => record.kind === 'lottery' || record.kind === 'crash');
  return records;
}

const referenceValue = (record: Pick<TComplaintRecord, 'kind' | 'id'>) => `${record.kind}:${record.id}`;

function ReferencePicker({
  type,
  value,
  onValueChange,
  error,
}: {
  type: ComplaintType | '';
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation('complaints');
  const records = useComplaintRecords();
  const offered = recordsFor(type, records.data?.list ?? []);
  const label = (record: TComplaintRecord) =>
    [
      t(`complaints.referenceKinds.${record.kind}`),
      isolateLeftToRight(record.id),
      formatRupees(record.amount),
      t(`complaints.recordStatus.${record.status}`, { defaultValue: record.status }),
      formatDateTime(record.createTime, i18n.language),
    ].join(' · ');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={FIELD_IDS.reference}>
        {t('complaints.form.referenceLabel')}
      </label>
      <select
        id={FIELD_IDS.reference}
        className={styles.select}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${FIELD_IDS.reference}-error` : undefined}
        disabled={records.isPending}
      >
        <option value="">{records.isPending ? t('complaints.form.referenceLoading') : t('complaints.form.referenceNone')}</option>
        {offered.map((record) => (
          <option key={referenceValue(record)} value={referenceValue(record)}>
            {label(record)}
          </option>
        ))}
      </select>
      {records.isSuccess && offered.length === 0 && <p className={styles.hint}>{t('complaints.form.referenceEmpty')}</p>}
      {error && (
        <p id={`${FIELD_IDS.reference}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function ScreenshotPicker({
  screenshots,
  onAdd,
  onRemove,
  error,
}: {
  screenshots: PickedScreenshot[];
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('complaints');
  const isFull = screenshots.length >= SCREENSHOT_MAX_COUNT;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    onAdd([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>{t('complaints.form.screenshotsLabel')}</legend>
      <p className={styles.hint} id={`${FIELD_IDS.screenshots}-hint`}>
        {t('complaints.form.screenshotsHint', { count: SCREENSHOT_MAX_COUNT, size: SCREENSHOT_MAX_BYTES / 1024 / 1024 })}
      </p>
      <ul className={styles.previews}>
        {screenshots.map((screenshot, index) => (
          <li key={screenshot.previewUrl} className={styles.preview}>
            <img src={screenshot.previewUrl} alt={t('complaints.thread.screenshotAlt', { index: index + 1 })} />
            <button
              type="button"
              className={styles.removePreview}
              aria-label={t('complaints.form.removeScreenshot', { index: index + 1 })}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          </li>
        ))}
        {!isFull && (
          <li>
            <label className={styles.addScreenshot}>
              <span aria-hidden="true">+</span>
              <span>{t('complaints.form.addScreenshot')}</span>
              <input
                id={FIELD_IDS.screenshots}
                className={styles.fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                onChange={onChange}
                aria-describedby={`${FIELD_IDS.screenshots}-hint${error ? ` ${FIELD_IDS.screenshots}-error` : ''}`}
                data-testid="complaint-screenshot-input"
              />
            </label>
          </li>
        )}
      </ul>
      {error && (
        <p id={`${FIELD_IDS.screenshots}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The complaint form: type, optional record, text, screenshots; files it with `/user/addComplaints`. */
export function ComplaintForm({ onFiled }: { onFiled: (complaint: TComplaint) => void }) {
  const { t } = useTranslation('complaints');
  const refreshComplaints = useRefreshComplaints();
  const requestKey = useRequestKey();
  const [type, setType] = useState<ComplaintType | ''>('');
  const [reference, setReference] = useState('');
  const [text, setText] = useState('');
  const [screenshots, setScreenshots] = useState<PickedScreenshot[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  // Previews are object URLs: released when removed (below) and when the form goes away.
  const previewUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = previewUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = (Object.keys(FIELD_IDS) as Field[]).find((field) => next[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  };
  const clear = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
  };
  const message = (code: ErrorCode) => t(`errors.${code}`);

  const addFiles = async (files: File[]) => {
    clear('screenshots');
    const room = SCREENSHOT_MAX_COUNT - screenshots.length;
    const checks = await Promise.all(files.slice(0, room).map(checkScreenshotFile));
    const accepted = checks.flatMap((check) => ('screenshot' in check ? [check.screenshot] : []));
    const problem = files.length > room ? 'SCREENSHOT_LIMIT' : checks.find((check) => 'problem' in check)?.problem;
    for (const screenshot of accepted) previewUrls.current.add(screenshot.previewUrl);
    setScreenshots((current) => [...current, ...accepted].slice(0, SCREENSHOT_MAX_COUNT));
    if (problem) setErrors((current) => ({ ...current, screenshots: message(problem as ErrorCode) }));
  };

  const removeScreenshot = (index: number) => {
    const removed = screenshots[index];
    if (removed) {
      URL.revokeObjectURL(removed.previewUrl);
      previewUrls.current.delete(removed.previewUrl);
    }
    setScreenshots((current) => current.filter((screenshot) => screenshot !== removed));
    clear('screenshots');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const checks: Errors = {
      type: type === '' ? message('COMPLAINT_TYPE_INVALID') : undefined,
      text:
        trimmed === ''
          ? message('COMPLAINT_TEXT_REQUIRED')
          : trimmed.length > COMPLAINT_TEXT_MAX_LENGTH
            ? message('COMPLAINT_TEXT_INVALID')
            : undefined,
    };
    if (checks.type || checks.text) return showErrors(checks);
    const [referenceKind, referenceId] = reference === '' ? [] : (reference.split(':') as ['recharge', string]);
    const content = JSON.stringify([
      type,
      referenceKind,
      referenceId,
      trimmed,
      screenshots.map((screenshot) => screenshot.previewUrl),
    ]);
    setIsSending(true);
    setFormError(null);
    try {
      const complaint = await api('/user/addComplaints', {
        type: type as ComplaintType,
        text: trimmed,
        referenceKind,
        referenceId,
        screenshots: screenshots.map(({ type: screenshotType, data }) => ({ type: screenshotType, data })),
        requestKey: requestKey.keyFor(content),
      });
      requestKey.settle();
      refreshComplaints();
      onFiled(complaint);
    } catch (error) {
      requestKey.settle(error);
      setIsSending(false);
      if (!isApiError(error) || error.code === 'UNAUTHORIZED') return;
      const field = fieldOfCode(error.code);
      if (field) showErrors({ [field]: error.message });
      else setFormError(error.message);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid="complaint-form">
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>{t('complaints.form.typeLabel')}</legend>
        <div
          className={styles.chips}
          role="radiogroup"
          id={FIELD_IDS.type}
          tabIndex={-1}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? `${FIELD_IDS.type}-error` : undefined}
        >
          {COMPLAINT_TYPES.map((value) => (
            <label key={value} className={styles.chip} data-checked={type === value}>
              <input
                type="radio"
                name="complaint-type"
                value={value}
                checked={type === value}
                onChange={() => {
                  setType(value);
                  setReference('');
                  clear('type');
                }}
              />
              {t(`complaints.types.${value}`)}
            </label>
          ))}
        </div>
        {errors.type && (
          <p id={`${FIELD_IDS.type}-error`} className={styles.error}>
            {errors.type}
          </p>
        )}
      </fieldset>

      <ReferencePicker
        type={type}
        value={reference}
        onValueChange={(value) => {
          setReference(value);
          clear('reference');
        }}
        error={errors.reference}
      />

      <div className={styles.field}>
        <label className={styles.label} htmlFor={FIELD_IDS.text}>
          {t('complaints.form.textLabel')}
        </label>
        <textarea
          id={FIELD_IDS.text}
          className={styles.textarea}
          value={text}
          rows={5}
          maxLength={COMPLAINT_TEXT_MAX_LENGTH}
          placeholder={t('complaints.form.textPlaceholder')}
          onChange={(event) => {
            setText(event.target.value);
            clear('text');
          }}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={`${FIELD_IDS.text}-counter${errors.text ? ` ${FIELD_IDS.text}-error` : ''}`}
        />
        <p id={`${FIELD_IDS.text}-counter`} className={styles.counter} aria-live="polite">
          {t('complaints.form.counter', { count: text.trim().length, max: COMPLAINT_TEXT_MAX_LENGTH })}
        </p>
        {errors.text && (
          <p id={`${FIELD_IDS.text}-error`} className={styles.error}>
            {errors.text}
          </p>
        )}
      </div>

      <ScreenshotPicker
        screenshots={screenshots}
        onAdd={(files) => void addFiles(files)}
        onRemove={removeScreenshot}
        error={errors.screenshots}
      />

      <FormError message={formError} />
      {isSending && (
        <div className={styles.progress} role="status">
          <span className={styles.progressBar} aria-hidden="true" />
          {t('complaints.form.sending', { count: screenshots.length })}
        </div>
      )}
      <Button type="submit" isBlock isBusy={isSending}>
        {t('complaints.form.submit')}
      </Button>
    </form>
  );
}
