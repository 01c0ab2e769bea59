import type { InboxEntry, PrivatePhotoLine } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE, useStaffMe } from '../shared/api';
import { useClaim, useInbox } from './api';

const waitedFor = (since: string) => {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 60_000));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

const languageNames = new Intl.DisplayNames(STAFF_LOCALE, { type: 'language' });
const countryNames = new Intl.DisplayNames(STAFF_LOCALE, { type: 'region' });

/** What an operator needs to answer as a local would: the member's language, country and time of day there. */
function whereTheyAre(member: InboxEntry['member']) {
  const time = new Intl.DateTimeFormat(STAFF_LOCALE, { timeZone: member.time_zone, timeStyle: 'short' }).format(
    new Date(),
  );
  const country = member.country ? `${countryNames.of(member.country)}, ` : '';
  return `${languageNames.of(member.language)} · ${country}${time} there`;
}

const LINE_PREVIEWS: Record<PrivatePhotoLine, string> = {
  photos_asked: 'Asked to see private photos',
  photos_shared: 'Private photos shared',
  photos_unshared: 'Private photos no longer shared',
  photos_declined: 'Private photos declined',
};

const preview = (message: InboxEntry['last_message']) => {
  if (message.kind === 'text') return message.text;
  if (message.kind === 'gift') return `Gift: ${message.gift}`;
  return message.kind === 'photo' ? 'Photo' : LINE_PREVIEWS[message.kind];
};

/** /staff: conversations with hosted profiles that wait for an answer, longest waiting first. */
export default function StaffInboxPage() {
  useDocumentTitle('Operator inbox');
  const inbox = useInbox();
  const me = useStaffMe();
  const claim = useClaim();
  const navigate = useNavigate();
  const open = (conversation: number) =>
    claim.mutate(conversation, { onSuccess: () => navigate(`/staff/conversations/${conversation}`) });

  if (inbox.isPending) return <Loading />;
  const conversations = inbox.data?.conversations ?? [];
  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Waiting for an answer</h1>
        {inbox.data && (
          <p className="text-body-secondary mb-0" aria-live="polite">
            {conversations.length} waiting · {conversations.filter((entry) => !entry.claimed_by).length} not taken ·
            refreshed at {formatTime(inbox.data.refreshed_at, STAFF_LOCALE)}
          </p>
        )}
      </div>
      {me.data?.away && (
        <Alert variant="warning">
          You are away: no conversation can be claimed. Switch on Available in the top bar.
        </Alert>
      )}
      {inbox.isError && <Alert variant="danger">{inbox.error.message}</Alert>}
      {claim.isError && <Alert variant="warning">{claim.error.message}</Alert>}
      {inbox.data && conversations.length === 0 && (
        <p>Nobody is waiting. New messages to hosted profiles appear here.</p>
      )}
      <ul className="staff-inbox" aria-label="Waiting conversations">
        {conversations.map((entry) => (
          <li key={entry.conversation} className="staff-inbox-entry">
            <div>
              <strong>{entry.member.name}</strong> wrote to <strong>{entry.hosted.name}</strong>
              <p className="mb-0 small">{whereTheyAre(entry.member)}</p>
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
