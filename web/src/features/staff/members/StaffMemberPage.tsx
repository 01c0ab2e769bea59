import type { StaffMemberDetail } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import { Link, useParams } from 'react-router';
import { Trans } from '../../../i18n';
import { formatDate, formatMoney, formatNumber } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { when } from '../cases/case-words';
import { useStaffWords } from '../shared/words';
import { useStaffMember } from './api';
import { Actions, useMemberActions } from './MemberActions';
import { DangerZone } from './MemberDangerZone';
import { MemberStatus } from './MemberStatus';

type Words = ReturnType<typeof useStaffWords>['t'];

/** A session's browser and system as staff read them ("Chrome on Android"). */
function deviceName({ browser, system }: StaffMemberDetail['sessions'][number]['device'], t: Words): string {
  if (browser && system) return t('members.sessions.device', { browser, system });
  return browser ?? system ?? t('members.sessions.unknownDevice');
}

/** A change of balance with its sign: +15, −3. */
const signed = (delta: number, locale: string) => (delta > 0 ? '+' : '') + formatNumber(delta, locale);

/** A language as the staff member calls it: "Dutch", "Nederlands", "néerlandais". */
const languageName = (code: string, language: string) =>
  new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code.toUpperCase();

/** /staff/members/:id (moderators, admins): what staff may know of a member, and what they may do. */
export default function StaffMemberPage() {
  const id = Number(useParams().id);
  // Another member's page starts afresh: no outcome, confirmation or text typed for the one before.
  return <MemberDesk key={id} id={id} />;
}

function MemberDesk({ id }: { id: number }) {
  const member = useStaffMember(id);
  const actions = useMemberActions(id);
  const { t, language, locale } = useStaffWords();
  useDocumentTitle(
    member.data ? t('members.detail.title', { name: member.data.member.name }) : t('members.detail.loading'),
  );

  if (member.isError) return <Alert variant="danger">{member.error.message}</Alert>;
  if (!member.data) return <Loading />;
  const { member: profile, photos, credits, payments, reports, sessions } = member.data;
  return (
    <section className="staff-member">
      <p className="mb-2">
        <Link to="/staff/members">← {t('nav.members')}</Link>
      </p>
      <div className="staff-page-head">
        <h1 className="h3 mb-1">
          {profile.name}{' '}
          <span className="text-body-secondary fw-normal fs-5">{t('members.detail.profile', { id: profile.id })}</span>
        </h1>
        <div className="d-flex flex-wrap gap-1 align-items-center">
          <MemberStatus status={profile.status} />
          {profile.suspension === 'ban' && <Badge bg="danger">{t('members.detail.banned')}</Badge>}
          {profile.paid && (
            <Badge bg="light" text="dark">
              {t('members.paid')}
            </Badge>
          )}
          <span className="small text-body-secondary">
            {profile.site.name} · {t('members.detail.since', { date: formatDate(profile.signup_date, locale) })}
          </span>
        </div>
      </div>
      <div className="staff-member-grid">
        <div>
          <div className="staff-card">
            <h2 className="h6">{t('members.detail.account')}</h2>
            <dl className="staff-case-facts mb-0">
              {profile.email && (
                <>
                  <dt>{t('members.detail.email')}</dt>
                  <dd>{profile.email}</dd>
                </>
              )}
              <dt>{t('members.detail.language')}</dt>
              <dd>{languageName(profile.language, language)}</dd>
              <dt>{t('members.detail.address')}</dt>
              <dd>{profile.confirmed ? t('members.detail.confirmed') : t('members.detail.notConfirmed')}</dd>
              <dt>{t('members.detail.born')}</dt>
              <dd>{formatDate(profile.date_of_birth, locale)}</dd>
              <dt>{t('members.detail.livesIn')}</dt>
              <dd>{[profile.city, profile.country].filter(Boolean).join(', ') || '—'}</dd>
              {profile.suspended_at && (
                <>
                  <dt>{profile.suspension === 'ban' ? t('members.detail.banned') : t('members.statuses.suspended')}</dt>
                  <dd>{when(profile.suspended_at, locale)}</dd>
                </>
              )}
              {profile.deleted_at && (
                <>
                  <dt>{t('members.statuses.deleted')}</dt>
                  <dd>{when(profile.deleted_at, locale)}</dd>
                </>
              )}
            </dl>
            {profile.about && <blockquote className="staff-case-text mt-2 mb-0">{profile.about}</blockquote>}
          </div>
          <Actions member={member.data} actions={actions} />
        </div>
        <div>
          <div className="staff-card">
            <h2 className="h6">{t('nav.photos')}</h2>
            {photos.length === 0 ? (
              <p className="mb-0 text-body-secondary">{t('members.detail.noPhotos')}</p>
            ) : (
              <ul className="staff-member-photos" aria-label={t('nav.photos')}>
                {photos.map((photo) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.thumb_url}
                        alt={t('members.detail.photo', { name: profile.name, id: photo.id })}
                        loading="lazy"
                      />
                    </a>
                    <span className="small">{photoState(photo, t)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="staff-card">
            <h2 className="h6">{t('members.detail.credits', { balance: formatNumber(credits.balance, locale) })}</h2>
            <table className="staff-table" aria-label={t('members.detail.ledger')}>
              <tbody>
                {credits.ledger.map((line) => (
                  <tr key={line.id}>
                    <td>{when(line.created_at, locale)}</td>
                    <td>{t(`members.ledger.${line.reason}`, { defaultValue: line.reason })}</td>
                    <td className="text-end">{signed(line.delta, locale)}</td>
                    <td className="text-end text-body-secondary">{formatNumber(line.balance_after, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="staff-card">
            <h2 className="h6">{t('nav.payments')}</h2>
            {payments.length === 0 ? (
              <p className="mb-0 text-body-secondary">{t('members.detail.noPayments')}</p>
            ) : (
              <table className="staff-table" aria-label={t('nav.payments')}>
                <tbody>
                  {payments.map((payment) => (
                    <tr key={payment.id}>
                      <td>
                        <Link to={`/staff/payments?member=${profile.id}`}>#{payment.id}</Link>
                      </td>
                      <td>{when(payment.created_at, locale)}</td>
                      <td className="text-end">{formatMoney(payment.amount, payment.currency, locale)}</td>
                      <td>{t(`payments.statuses.${payment.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          <div className="staff-card">
            <h2 className="h6">{t('nav.reports')}</h2>
            {reports.length === 0 ? (
              <p className="mb-0 text-body-secondary">{t('members.detail.noReports')}</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {reports.map((report) => (
                  <li key={report.id} className="mb-2">
                    <Trans
                      t={t}
                      i18nKey={`members.detail.${report.direction}`}
                      values={{
                        name: report.other.name,
                        reason: t(`cases.reasons.${report.reason}`, { defaultValue: report.reason }),
                      }}
                      components={{ member: <Link to={`/staff/members/${report.other.id}`} /> }}
                    />
                    <span className="d-block small text-body-secondary">{when(report.created_at, locale)}</span>
                    {report.comment && (
                      <span className="d-block small">{t('cases.quoted', { text: report.comment })}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="staff-card">
            <h2 className="h6">{t('members.sessions.title')}</h2>
            {sessions.length === 0 ? (
              <p className="mb-0 text-body-secondary">{t('members.sessions.none')}</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {sessions.map((session) => (
                  <li key={session.id}>
                    {t('members.sessions.session', {
                      device: deviceName(session.device, t),
                      place: session.country ?? t('members.sessions.placeUnknown'),
                      since: when(session.first_seen, locale),
                      seen: when(session.last_seen, locale),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
      <DangerZone member={member.data} actions={actions} />
    </section>
  );
}

/** A photo's state in words, and why it was rejected. */
function photoState(photo: StaffMemberDetail['photos'][number], t: Words): string {
  const state = t(`members.photoStatuses.${photo.status}`, { defaultValue: photo.status });
  if (!photo.rejection) return state;
  return t('members.detail.rejected', {
    state,
    reason: t(`photos.rejections.${photo.rejection}`, { defaultValue: photo.rejection }),
  });
}
