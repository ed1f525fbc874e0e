import { COMPLAINT_TEXT_MAX_LENGTH } from '@mayur/rules/complaint-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { complaintKeys, useComplaint, useRefreshComplaints } from '../use-complaints.ts';
import { StatusChip } from './complaint-list.tsx';
import { ScreenshotImage } from './screenshot-image.tsx';
import styles from './complaints-screen.module.css';

function ReplyForm({ id, isClosed }: { id: string; isClosed: boolean }) {
  const { t } = useTranslation('complaints');
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const refreshComplaints = useRefreshComplaints();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === '') return setError(t('errors.COMPLAINT_TEXT_REQUIRED'));
    setIsSending(true);
    try {
      const complaint = await api('/user/replyComplaint', { id, text: trimmed });
      queryClient.setQueryData(complaintKeys.one(token, id), complaint);
      refreshComplaints();
      setText('');
    } catch (caught) {
      if (isApiError(caught) && caught.code !== 'UNAUTHORIZED') setError(caught.message);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form className={styles.reply} onSubmit={(event) => void submit(event)} noValidate data-testid="complaint-reply">
      {isClosed && <p className={styles.hint}>{t('complaints.thread.closedNote')}</p>}
      <label className={styles.label} htmlFor="complaint-reply-text">
        {t('complaints.thread.replyLabel')}
      </label>
      <textarea
        id="complaint-reply-text"
        className={styles.textarea}
        rows={3}
        value={text}
        maxLength={COMPLAINT_TEXT_MAX_LENGTH}
        placeholder={t('complaints.thread.replyPlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`complaint-reply-counter${error ? ' complaint-reply-error' : ''}`}
      />
      <p id="complaint-reply-counter" className={styles.counter}>
        {t('complaints.form.counter', { count: text.trim().length, max: COMPLAINT_TEXT_MAX_LENGTH })}
      </p>
      {error && (
        <p id="complaint-reply-error" className={styles.error}>
          {error}
        </p>
      )}
      <Button type="submit" isBlock isBusy={isSending}>
        {t('complaints.thread.send')}
      </Button>
    </form>
  );
}

/** One complaint's conversation; opening it marks the operator's answers as read (the Mine badge). */
export function ComplaintThread({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('complaints');
  const complaint = useComplaint(id);
  const refreshComplaints = useRefreshComplaints();
  const hasUnreadAnswer = complaint.data?.hasUnreadAnswer ?? false;

  useEffect(() => {
    if (!hasUnreadAnswer) return;
    void api('/user/readComplaint', { id }, { isSilent: true }).then(refreshComplaints, () => undefined);
  }, [hasUnreadAnswer, id, refreshComplaints]);

  const back = (
    <Button variant="ghost" isSmall onClick={onBack}>
      {t('complaints.thread.back')}
    </Button>
  );
  if (complaint.isPending) return <Spinner label={t('complaints.list.loading')} />;
  if (complaint.isError) {
    const isUnknown = isApiError(complaint.error) && complaint.error.code === 'COMPLAINT_NOT_FOUND';
    return (
      <div className={styles.thread}>
        {back}
        {isUnknown ? (
          <p className={styles.emptyHint}>{t('errors.COMPLAINT_NOT_FOUND')}</p>
        ) : (
          <LoadError onRetry={() => void complaint.refetch()} />
        )}
      </div>
    );
  }
  const { data } = complaint;
  return (
    <div className={styles.thread} data-testid="complaint-thread">
      {back}
      <header className={styles.threadHeader}>
        <div className={styles.itemTop}>
          <h2 className={styles.threadTitle}>{t(`complaints.types.${data.type}`)}</h2>
          <StatusChip status={data.status} />
        </div>
        <p className={styles.itemMeta}>{t('complaints.list.number', { number: isolateLeftToRight(data.number) })}</p>
        {data.reference && (
          <p className={styles.itemMeta}>
            {t('complaints.thread.about', {
              kind: t(`complaints.referenceKinds.${data.reference.kind}`),
              id: isolateLeftToRight(data.reference.id),
            })}
          </p>
        )}
      </header>
      <ol className={styles.messages}>
        {data.messages.map((message) => (
          <li key={message.id} className={styles.message} data-author={message.author} data-testid={`message-${message.author}`}>
            <p className={styles.messageAuthor}>
              {message.author === 'operator' ? t('complaints.thread.support') : t('complaints.thread.you')}
              <span className={styles.messageTime}>{formatDateTime(message.createTime, i18n.language)}</span>
            </p>
            <p className={styles.messageText}>{message.text}</p>
            {message.attachments.length > 0 && (
              <div className={styles.messageScreenshots}>
                {message.attachments.map((attachment, index) => (
                  <ScreenshotImage
                    key={attachment.id}
                    id={attachment.id}
                    index={index + 1}
                    width={attachment.width}
                    height={attachment.height}
                  />
                ))}
              </div>
            )}
          </li>
        ))}
      </ol>
      <ReplyForm id={id} isClosed={data.status === 'closed'} />
    </div>
  );
}
