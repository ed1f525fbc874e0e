import { useQuery } from '@tanstack/react-query';
import { adminEndpoints, isAllowed } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { formatTime } from '../../shared/ui/format.ts';
import { OWNER_REQUESTS_ID } from '../operators/owner-requests-section.tsx';
import { ownerRequestText } from '../operators/owner-request-text.ts';

// Programme changes waiting for a second owner, on the agents screen: what each would set and who
// asked, with the way to the one place they are decided (the Operators screen's "Waiting for a second
// owner"). Owners only, as the list is theirs; `justAsked` shows the notice at once after saving.

export function ProgrammeWaiting({ justAsked }: { justAsked: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const isOwner = session ? isAllowed(adminEndpoints['/ownerRequests/list'].access, session.operator.role) : false;
  const requests = useQuery({
    queryKey: ['ownerRequests'],
    queryFn: () => adminApi('/ownerRequests/list', {}),
    enabled: isOwner,
  });
  const waiting = (requests.data?.list ?? []).filter(
    (request) => request.kind === 'agent-programme' && request.status === 'pending',
  );
  if (!isOwner || (waiting.length === 0 && !justAsked)) return null;
  return (
    <div className="notice" role="status" data-testid="programme-waiting">
      <p>{t('agents.waiting')}</p>
      <ul>
        {waiting.map((request) => (
          <li key={request.id}>
            {t('agents.waitingRequest', { by: request.requestedBy, time: formatTime(request.requestTime) })}{' '}
            {ownerRequestText(t, request)}
          </li>
        ))}
      </ul>
      <p>
        <Link to={`/operators#${OWNER_REQUESTS_ID}`}>{t('agents.waitingLink')}</Link>
      </p>
    </div>
  );
}
