import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { session } from '../../../shared/api/session.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';

/** "Do you want to logout" (spec §2), then POST /user/logout, forget the token and go home. */
export function LogoutDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation('mine');
  const navigate = useNavigate();

  const logout = async () => {
    onOpenChange(false);
    try {
      await api('/user/logout', {}, { showsLoading: true, isSilent: true, ignoresUnauthorized: true });
    } catch {
      // The session may already have expired on the server; this device forgets it either way.
    }
    session.signOut();
    navigate('/', { replace: true });
  };

  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      role="alertdialog"
      testId="logout-dialog"
      initialFocus="first-control"
      title={t('mine.logoutQuestion')}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void logout()}>
            {t('common.confirm')}
          </Button>
        </>
      }
    />
  );
}
