import type { InboxEntry } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useClaim, useInbox } from './api';

const waitedFor = (since: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

const preview = (message: InboxEntry['last_message']) =>
  message.kind === 'text' ? message.text : message.kind === 'gift' ? `Gift: ${message.gift}` : 'Photo';

/** /staff: conversations with hosted profiles that wait for an answer, longest waiting first. */
export default function StaffInboxPage() {
  useDocumentTitle('Operator inbox');
  const inbox = useInbox();
  const claim = useClaim();
  const navigate = useNavigate();
  const open = (conversation: number) =>
    claim.mutate(conversation, { onSuccess: () => navigate(`/staff/conversations/${conversation}`) });

  if (inbox.isPending) return <Loading />;
  return (
    <section>
      <h1 className="h3 mb-3">Waiting for an answer</h1>
      {inbox.isError && <Alert variant="danger">{inbox.error.message}</Alert>}
      {claim.isError && <Alert variant="warning">{claim.error.message}</Alert>}
      {inbox.data?.length === 0 && <p>Nobody is waiting. New messages to hosted profiles appear here.</p>}
      <ul className="staff-inbox" aria-label="Waiting conversations">
        {inbox.data?.map((entry) => (
          <li key={entry.conversation} className="staff-inbox-entry">
            <div>
              <strong>{entry.member.name}</strong> wrote to <strong>{entry.hosted.name}</strong>
              <p className="mb-0 text-body-secondary">{preview(entry.last_message)}</p>
            </div>
            <span className="staff-waited">waiting {waitedFor(entry.waiting_since)}</span>
            {entry.claimed_by && !entry.claimed_by_me ? (
              <span className="text-body-secondary">Claimed by {entry.claimed_by}</span>
            ) : (
              <Button onClick={() => open(entry.conversation)} disabled={claim.isPending}>
                {entry.claimed_by_me ? 'Continue' : 'Claim'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
