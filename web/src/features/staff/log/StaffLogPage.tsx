import type { AuditEntry } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDate, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { type AuditFilter, STAFF_LOCALE } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { useAuditLog } from './api';

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

const when = (value: string) => `${formatDate(value, STAFF_LOCALE)}, ${formatTime(value, STAFF_LOCALE)}`;
const shown = (value: unknown) => (value === null || value === undefined ? '–' : String(value));

/** /staff/log (admins): every staff action, newest first: who, what, which record, before and after, why. */
export default function StaffLogPage() {
  useDocumentTitle('Audit log');
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
      <div className="staff-page-head">
        <h1 className="h3">Audit log</h1>
        <p className="text-body-secondary mb-0">Every staff action, newest first. Entries are only ever added.</p>
      </div>
      <form className="staff-filters" onSubmit={submit} aria-label="Filter the log">
        <Form.Select
          size="sm"
          aria-label="Action"
          value={filter.action ?? ''}
          onChange={(event) => setFilter({ ...filter, action: event.target.value })}
        >
          <option value="">All actions</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action.replace('_', '-')}
            </option>
          ))}
        </Form.Select>
        <Form.Control
          size="sm"
          aria-label="Record"
          placeholder="Record, e.g. payment:12"
          value={record}
          onChange={(event) => setRecord(event.target.value)}
        />
        <Button type="submit" size="sm" variant="outline-primary">
          Filter
        </Button>
      </form>
      {log.isError && <Alert variant="danger">{log.error.message}</Alert>}
      {log.isPending ? (
        <Loading />
      ) : entries.length === 0 ? (
        <p>No entries match.</p>
      ) : (
        <ol className="staff-log" aria-label="Audit log entries">
          {entries.map((entry) => (
            <LogEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <OlderButton list={log} label="Older entries" />
    </section>
  );
}

function LogEntry({ entry }: { entry: AuditEntry }) {
  const about = [
    entry.record,
    entry.conversation_id && `conversation ${entry.conversation_id}`,
    entry.profile_id && `profile ${entry.profile_id}`,
    entry.message_id && `message ${entry.message_id}`,
  ].filter(Boolean);
  return (
    <li className="staff-log-entry">
      <div className="staff-log-head">
        <strong>{entry.action}</strong>
        <span>by {entry.staff}</span>
        <time dateTime={entry.created_at} className="text-body-secondary">
          {when(entry.created_at)}
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
      {entry.reason && <div className="small">Reason: {entry.reason}</div>}
    </li>
  );
}
