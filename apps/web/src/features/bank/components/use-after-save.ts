import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { returnPathOf } from './payout-account-checks.ts';
import {
  GROUP_ROUTES,
  refreshPayoutAccounts,
  refreshWithdrawInfo,
  showSavedPayoutAccount,
  type PayoutAccount,
  type PayoutGroup,
} from './payout-accounts.ts';

/**
 * What the add and edit forms do once the server answered: on success, reload the lists, say so and go
 * to `?returnTo=` (a withdrawal screen) or the group's list; on a refusal that shows the screen's data
 * was stale, reload that data so the screen shows the notice that fits.
 */
export function useAfterSave(group: PayoutGroup) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const [searchParams] = useSearchParams();
  const returnPath = returnPathOf(searchParams.get('returnTo'), GROUP_ROUTES[group].list);

  return {
    saved(account: PayoutAccount, message: string) {
      showSavedPayoutAccount(queryClient, token, group, account);
      void refreshPayoutAccounts(queryClient, token);
      notify.success(message);
      // The form is done with: going back from where the player lands should not reopen it.
      navigate(returnPath, { replace: true });
    },
    refused(error: unknown) {
      if (!isApiError(error)) return;
      if (error.code === 'WITHDRAW_PASSWORD_NOT_SET') void refreshWithdrawInfo(queryClient, token);
      if (error.code === 'PAYOUT_ACCOUNT_NOT_FOUND') void refreshPayoutAccounts(queryClient, token);
    },
  };
}
