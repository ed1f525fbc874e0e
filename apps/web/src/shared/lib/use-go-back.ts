import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Goes back in history when there is somewhere in the app to go back to, else home. */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
