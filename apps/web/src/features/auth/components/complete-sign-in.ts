import type { ResponseOf } from '@mayur/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ReturnState } from '../../../app/app-routes.tsx';
import { queryKeys } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';

/** Keeps a new session (token and the player's mobile or e-mail) and goes where the player was headed. */
export function useCompleteSignIn(defaultDestination: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as ReturnState | null)?.from;
  return useCallback(
    ({ token, user }: ResponseOf<'/user/login'>) => {
      session.signIn(token, user.mobile ?? user.email);
      queryClient.setQueryData(queryKeys.currentUser(token), user);
      navigate(from && from.startsWith('/') && !from.startsWith('/login') ? from : defaultDestination, { replace: true });
    },
    [queryClient, navigate, from, defaultDestination],
  );
}
