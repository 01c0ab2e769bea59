import './settings.scss';
import { deviceName, type OpenSession } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError } from '../../api/client';
import { useEndSessions, useSessions } from '../../api/sessions';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatChatTime, formatDate } from '../../i18n/format';
import { DeviceIcon } from '../../shared/components/DeviceIcon';
import { Modal } from '../../shared/components/dialogs';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { useCountryName } from '../../shared/hooks/useCountryName';
import { SettingsSection } from './SettingsSection';

/** A session ended by another device meanwhile is gone all the same: no failure to show. */
const failureOf = (error: Error | null) =>
  error && !(error instanceof ApiError && error.code === 'not_found') ? error.message : null;

/** Where the member is signed in: each device, this one first, to be signed out one by one or all at once. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState(false);
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((session) => !session.current).length;
  const failure = failureOf(end.error) ?? (sessions.isError ? sessions.error.message : null);
  return (
    <SettingsSection
      id="sessions"
      icon={icons.devices}
      title={t('settings.sessions.title')}
      value={sessions.data && t('settings.sessions.count', { count: list.length })}
    >
      {sessions.isPending && <Loading />}
      {failure && <Alert variant="danger">{failure}</Alert>}
      {list.length > 0 && (
        <>
          <p>{others > 0 ? t('settings.sessions.intro') : t('settings.sessions.onlyHere')}</p>
          <ul className="list-unstyled session-list mb-0">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={end.isPending}
                onEnd={() => end.mutate(session.id)}
              />
            ))}
          </ul>
        </>
      )}
      {others > 0 && (
        <Button variant="outline-danger" className="mt-3" disabled={end.isPending} onClick={() => setConfirming(true)}>
          {t('settings.sessions.endOthers')}
        </Button>
      )}
      <Modal show={confirming} onHide={() => setConfirming(false)} centered aria-labelledby="end-sessions-title">
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title as="h2" className="h5" id="end-sessions-title">
            {t('settings.sessions.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('settings.sessions.confirmText', { count: others })}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
            {t('settings.sessions.cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              end.mutate(null);
              setConfirming(false);
            }}
          >
            {t('settings.sessions.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </SettingsSection>
  );
}

function SessionRow({ session, busy, onEnd }: { session: OpenSession; busy: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  const countryName = useCountryName();
  const name = deviceName(t, session.device);
  const place = session.country ? countryName(session.country) : t('settings.sessions.placeUnknown');
  const seen = session.current
    ? t('settings.sessions.activeNow')
    : t('settings.sessions.lastSeen', { when: formatChatTime(session.last_seen, dateLocale) });
  return (
    <li className="session">
      <DeviceIcon kind={session.device.kind} current={session.current} />
      <span className="session-text">
        <span className="session-name">
          {name}
          {session.current && <span className="session-current">{t('settings.sessions.thisDevice')}</span>}
        </span>
        <span className="session-detail">
          <span className="session-part">{place}</span> · <span className="session-part">{seen}</span>
        </span>
        <span className="session-detail">
          {t('settings.sessions.firstSeen', { date: formatDate(session.first_seen, dateLocale) })}
        </span>
      </span>
      {!session.current && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="session-end"
          disabled={busy}
          onClick={onEnd}
          aria-label={t('settings.sessions.endOne', { device: name })}
        >
          {t('settings.sessions.end')}
        </Button>
      )}
    </li>
  );
}
