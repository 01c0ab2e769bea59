import type { InboxEntry } from '@amora/common';
import type { TFunction } from '@amora/common/i18n';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { Trans } from '../../../i18n';
import { formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffMe } from '../shared/api';
import { useStaffWords } from '../shared/words';
import { useClaim, useInbox } from './api';

/** How long a member has waited: "waiting 12 min", "waiting 1 h 5 min", in the staff member's words. */
const waitedFor = (since: string, t: TFunction) => {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 60_000));
  return minutes < 60
    ? t('inbox.waitedMinutes', { minutes })
    : t('inbox.waitedHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
};

/** What an operator needs to answer as a local would: the member's language, country and time of day there. */
function whereTheyAre(member: InboxEntry['member'], t: TFunction, locale: string) {
  const time = new Intl.DateTimeFormat(locale, { timeZone: member.time_zone, timeStyle: 'short' }).format(new Date());
  const language = new Intl.DisplayNames(locale, { type: 'language' }).of(member.language) ?? member.language;
  if (!member.country) return t('inbox.where', { language, time });
  const country = new Intl.DisplayNames(locale, { type: 'region' }).of(member.country) ?? member.country;
  return t('inbox.whereWithCountry', { language, country, time });
}

const preview = (message: InboxEntry['last_message'], t: TFunction) => {
  if (message.kind === 'text') return message.text;
  if (message.kind === 'gift') return t('inbox.preview.gift', { gift: message.gift });
  return t(`inbox.preview.${message.kind}`);
};

/** /staff: conversations with hosted profiles that wait for an answer, longest waiting first. */
export default function StaffInboxPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('inbox.title'));
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
        <h1 className="h3">{t('inbox.heading')}</h1>
        {inbox.data && (
          <p className="text-body-secondary mb-0" aria-live="polite">
            {[
              t('inbox.waiting', { count: conversations.length }),
              t('inbox.notTaken', { count: conversations.filter((entry) => !entry.claimed_by).length }),
              t('inbox.refreshed', { time: formatTime(inbox.data.refreshed_at, locale) }),
            ].join(' · ')}
          </p>
        )}
      </div>
      {me.data?.away && <Alert variant="warning">{t('inbox.away', { available: t('shell.available') })}</Alert>}
      {inbox.isError && <Alert variant="danger">{inbox.error.message}</Alert>}
      {claim.isError && <Alert variant="warning">{claim.error.message}</Alert>}
      {inbox.data && conversations.length === 0 && <p>{t('inbox.none')}</p>}
      <ul className="staff-inbox" aria-label={t('inbox.list')}>
        {conversations.map((entry) => (
          <li key={entry.conversation} className="staff-inbox-entry">
            <div>
              <Trans
                t={t}
                i18nKey="inbox.wrote"
                values={{ member: entry.member.name, hosted: entry.hosted.name }}
                components={{ b: <strong /> }}
              />
              <p className="mb-0 small">{whereTheyAre(entry.member, t, locale)}</p>
              <p className="mb-0 text-body-secondary">{preview(entry.last_message, t)}</p>
            </div>
            <span className="staff-waited">{waitedFor(entry.waiting_since, t)}</span>
            {entry.claimed_by && !entry.claimed_by_me ? (
              <span className="text-body-secondary">{t('inbox.claimedBy', { name: entry.claimed_by })}</span>
            ) : (
              <Button onClick={() => open(entry.conversation)} disabled={claim.isPending}>
                {entry.claimed_by_me ? t('inbox.continue') : t('inbox.claim')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
