import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkNickName } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import styles from './mine-screen.module.css';

function NickNameForm({ currentNickName, onDone }: { currentNickName: string; onDone: () => void }) {
  const { t } = useTranslation('mine');
  const queryClient = useQueryClient();
  const [nickName, setNickName] = useState(currentNickName);
  const [isSaving, setIsSaving] = useState(false);
  const form = useFormErrors<'nickName'>({ nickName: 'nick-name' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate({ nickName: checkNickName(nickName) })) return;
    setIsSaving(true);
    try {
      const user = await api('/user/changeNick', { nickName: nickName.trim() });
      queryClient.setQueryData(queryKeys.currentUser(session.getToken()), user);
      notify.success(t('mine.nickNameSaved'));
      onDone();
    } catch (error) {
      form.applyServerError(error);
      setIsSaving(false);
    }
  };

  return (
    <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id="nick-name"
        label={t('mine.nickNameLabel')}
        autoComplete="nickname"
        maxLength={20}
        hint={t('mine.nickNameHint')}
        value={nickName}
        onValueChange={(value) => {
          setNickName(value);
          form.clearField('nickName');
        }}
        error={form.errors.nickName}
      />
      <FormError message={form.formError} />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isBusy={isSaving}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** Change nick name (POST /user/changeNick). */
export function NickNameDialog({
  isOpen,
  onOpenChange,
  currentNickName,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  currentNickName: string;
}) {
  const { t } = useTranslation('mine');
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('mine.changeNickName')}
      testId="nick-name-dialog"
      initialFocus="first-control"
    >
      {isOpen && <NickNameForm currentNickName={currentNickName} onDone={() => onOpenChange(false)} />}
    </AppDialog>
  );
}
