import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAdminComplaintReplyRequest } from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { formatTime } from '../../shared/ui/format.ts';
import { ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';
import { ScreenshotView } from './screenshot-view.tsx';

export function ComplaintThreadScreen() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const thread = useQuery({
    queryKey: ['complaint', number],
    queryFn: () => adminApi('/complaints/thread', { complaint: number }),
  });
  const refresh = () =>
    queryClient
      .invalidateQueries({ queryKey: ['complaint', number] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['complaints'] }));
  const reply = useMutation({
    mutationFn: (text: string) => adminApi('/complaints/reply', { complaint: number, text }),
    onSuccess: refresh,
  });
  const session = useSession();
  const assign = useMutation({
    mutationFn: (operatorId: string) => adminApi('/complaints/assign', { complaint: number, operatorId }),
    onSuccess: refresh,
  });
  const close = useMutation({ mutationFn: () => adminApi('/complaints/close', { complaint: number }), onSuccess: refresh });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const text = String(new FormData(formElement).get('text') ?? '');
    const parsed = ZAdminComplaintReplyRequest.safeParse({ complaint: number, text });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    reply.mutate(parsed.data.text, { onSuccess: () => formElement.reset() });
  }

  return (
    <section className="screen">
      <p>
        <Link to="/complaints">{t('complaints.back')}</Link>
      </p>
      {thread.isPending ? (
        <Loading />
      ) : thread.isError ? (
        <ErrorState error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <>
          <h1>
            {thread.data.number} · {t(`complaints.types.${thread.data.type}`)}
          </h1>
          <p className="muted">
            {t('complaints.meta', {
              player: thread.data.playerId,
              status: t(`complaints.statuses.${thread.data.status}`),
              filed: formatTime(thread.data.createTime),
            })}
            {thread.data.reference ? ` · ${t(`complaints.kinds.${thread.data.reference.kind}`)} ${thread.data.reference.id}` : ''}
          </p>
          <p className="assignment">
            <span data-testid="complaint-assignee">
              {t('complaints.handledBy')}: {thread.data.assignee?.name ?? t('complaints.nobody')}
            </span>
            {thread.data.assignee?.id === session?.operator.id ? (
              <button
                type="button"
                className="button secondary small"
                disabled={assign.isPending}
                onClick={() => assign.mutate('')}
              >
                {t('complaints.unassign')}
              </button>
            ) : (
              <button
                type="button"
                className="button secondary small"
                disabled={assign.isPending}
                onClick={() => assign.mutate(session?.operator.id ?? '')}
              >
                {t('complaints.assignToMe')}
              </button>
            )}
          </p>
          <ol className="thread" aria-label={t('complaints.thread')}>
            {thread.data.messages.map((message) => (
              <li key={message.id} className={`message ${message.author}`} data-testid="complaint-message">
                <p className="message-author">
                  {message.author === 'operator'
                    ? t('complaints.operatorSaid', { name: message.operatorName ?? '' })
                    : t('complaints.playerSaid')}
                  <span className="muted"> · {formatTime(message.createTime)}</span>
                </p>
                <p className="message-text">{message.text}</p>
                {message.attachments.length > 0 ? (
                  <div className="attachments">
                    {message.attachments.map((attachment, index) => (
                      <ScreenshotView key={attachment.id} attachment={attachment} index={index} />
                    ))}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          <form className="card form" onSubmit={submit} noValidate>
            <label>
              {t('complaints.answer')}
              <textarea name="text" rows={4} maxLength={4000} />
              {errors.text ? <span className="field-error">{t(`errors.${errors.text}`)}</span> : null}
            </label>
            {reply.error || close.error || assign.error ? (
              <p className="form-error" role="alert">
                {errorText(t, reply.error ?? close.error ?? assign.error)}
              </p>
            ) : null}
            <div className="actions">
              <button
                type="button"
                className="button secondary"
                disabled={close.isPending || thread.data.status === 'closed'}
                onClick={() => close.mutate()}
              >
                {t('complaints.close')}
              </button>
              <button type="submit" className="button" disabled={reply.isPending}>
                {t('complaints.send')}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
