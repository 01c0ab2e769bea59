import type { AuditEntry } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDate, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import type { AuditFilter } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { StaffPageHead } from '../shared/StaffPageHead';
import { useStaffWords } from '../shared/words';
import { useAuditLog } from './api';
import { LogSentence } from './LogSentence';

/** The families of actions, as the log names them (`photo` covers photo.approve and photo.reject). */
const ACTIONS = [
  'login',
  'staff',
  'two_step',
  'session',
  'status',
  'photo',
  'payment',
  'bundle',
  'claim',
  'release',
  'answer',
  'note',
];

const when = (value: string, locale: string) => `${formatDate(value, locale)}, ${formatTime(value, locale)}`;
const shown = (value: unknown) => (value === null || value === undefined ? '–' : String(value));

/** /staff/log (admins): every staff action, newest first: who, what, which record, before and after, why. */
export default function StaffLogPage() {
  const { t } = useStaffWords();
  useDocumentTitle(t('log.title'));
  const [filter, setFilter] = useState<AuditFilter>({});
  const [record, setRecord] = useState('');
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, record: record.trim() });
  };

  return (
    <section>
      <StaffPageHead title={t('log.title')} help={t('log.intro')} />
      <form className="staff-filters" onSubmit={submit} aria-label={t('log.filter')}>
        <Form.Select
          aria-label={t('log.action')}
          value={filter.action ?? ''}
          onChange={(event) => setFilter({ ...filter, action: event.target.value })}
        >
          <option value="">{t('log.allActions')}</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`log.families.${action}`)}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          aria-label={t('log.record')}
          placeholder={t('log.recordExample', { example: 'payment:12' })}
          value={record}
          onChange={(event) => setRecord(event.target.value)}
        />
        <Button type="submit" variant="outline-primary">
          {t('log.filterSubmit')}
        </Button>
      </form>
      {log.isError && <Alert variant="danger">{log.error.message}</Alert>}
      {log.isPending ? (
        <Loading />
      ) : entries.length === 0 ? (
        <p>{t('log.none')}</p>
      ) : (
        <ol className="staff-log" aria-label={t('log.entries')}>
          {entries.map((entry) => (
            <LogEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <OlderButton list={log} label={t('log.older')} />
    </section>
  );
}

function LogEntry({ entry }: { entry: AuditEntry }) {
  const { t, locale } = useStaffWords();
  const about = [
    entry.record,
    entry.conversation_id && t('log.about.conversation', { id: entry.conversation_id }),
    entry.profile_id && t('log.about.profile', { id: entry.profile_id }),
    entry.message_id && t('log.about.message', { id: entry.message_id }),
  ].filter(Boolean);
  return (
    <li className="staff-log-entry">
      <div className="staff-log-head">
        <strong>
          <LogSentence entry={entry} />
        </strong>
        <time dateTime={entry.created_at} className="text-body-secondary">
          {when(entry.created_at, locale)}
        </time>
      </div>
      {about.length > 0 && <div className="small">{about.join(' · ')}</div>}
      {entry.changes && (
        <ul className="staff-log-changes">
          {Object.entries(entry.changes).map(([field, [before, after]]) => (
            <li key={field}>
              {field}: {shown(before)} → {shown(after)}
            </li>
          ))}
        </ul>
      )}
      {entry.reason && <div className="small">{t('log.reason', { reason: entry.reason })}</div>}
    </li>
  );
}
