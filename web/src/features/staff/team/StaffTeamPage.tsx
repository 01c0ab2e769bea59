import { LOCALES, STAFF_ROLES, type StaffAccount, type StaffRole } from '@amora/common';
import { addStaffRequest } from '@amora/common/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { formatDate, formatDateTime, formatShortDateTime, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { EmailField, FormAlert, TextField, useFieldMessage, useSchemaForm } from '../../../shared/forms/form';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE, useStaffMe } from '../shared/api';
import { StaffField } from '../shared/StaffField';
import { StaffTable } from '../shared/StaffTable';
import { ownLanguageName, siteLanguage } from '../shared/words';
import { useAddStaff, useChangeStaff, useStaffTeam } from './api';

const ROLE_LABELS: Record<StaffRole, string> = { operator: 'Operator', moderator: 'Moderator', admin: 'Admin' };

/** How many conversations an operator may hold at once: the usual choices, and the current one. */
const capacityChoices = (current: number) =>
  [...new Set([1, 2, 3, 4, 5, 6, 8, 10, 15, 20, current])].sort((a, b) => a - b);

interface Added {
  staff: StaffAccount;
  password: string;
}

/** /staff/team (admins): the staff accounts, each one's role and whether it may sign in, and adding one. */
export default function StaffTeamPage() {
  useDocumentTitle('Team');
  const team = useStaffTeam();
  const me = useStaffMe();
  const [added, setAdded] = useState<Added | null>(null);

  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Team</h1>
        <p className="text-body-secondary mb-0">
          Operators answer in the inbox and read the hosted profiles; moderators work photos, reports and members;
          admins do all of it and also keep hosted profiles, money, sites and the team.
        </p>
      </div>
      <AddStaff onAdded={setAdded} />
      {added && <FirstPassword key={added.password} added={added} onDone={() => setAdded(null)} />}
      {team.isPending ? (
        <Loading />
      ) : team.isError ? (
        <Alert variant="danger">{team.error.message}</Alert>
      ) : (
        <TeamTable team={team.data} myId={me.data?.id} />
      )}
    </section>
  );
}

function AddStaff({ onAdded }: { onAdded: (added: Added) => void }) {
  const add = useAddStaff();
  const message = useFieldMessage();
  const roleId = useId();
  const { form, onSubmit, alert } = useSchemaForm(
    addStaffRequest,
    { email: '', name: '', role: 'operator', language: siteLanguage() },
    async (input) => {
      onAdded(await add.mutateAsync(input));
      form.reset();
    },
  );
  const roleError = message(form.formState.errors.role?.message);
  return (
    <Form className="staff-card" onSubmit={onSubmit} noValidate aria-labelledby={`${roleId}-title`}>
      <h2 className="h5" id={`${roleId}-title`}>
        Add staff
      </h2>
      <FormAlert alert={alert} />
      <div className="staff-add">
        <EmailField form={form} name="email" label="Email" autoComplete="off" />
        <TextField form={form} name="name" label="Name" autoComplete="off" />
        <StaffField id={`${roleId}-role`} label="Role" error={roleError} className="mb-3" labelClassName="">
          {(control) => (
            <Form.Select {...form.register('role')} {...control}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField
          id={`${roleId}-language`}
          label="Language of their back office and mails"
          error={message(form.formState.errors.language?.message)}
          className="mb-3"
          labelClassName=""
        >
          {(control) => (
            <Form.Select {...form.register('language')} {...control}>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {ownLanguageName(locale)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <div className="staff-add-submit mb-3">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting && (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            Add staff
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** The new account's first password: shown here once, never again. */
function FirstPassword({ added, onDone }: { added: Added; onDone: () => void }) {
  const box = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const titleId = useId();
  useEffect(() => box.current?.focus(), []);
  // No clipboard outside a secure context: then the hint says to copy by hand.
  const copy = () =>
    (navigator.clipboard?.writeText(added.password) ?? Promise.reject()).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section ref={box} className="staff-password" aria-labelledby={titleId} tabIndex={-1}>
      <h2 className="h5" id={titleId}>
        {added.staff.name} is added as {added.staff.role}
      </h2>
      <label htmlFor={`${titleId}-password`} className="mb-0">
        Their first password, shown only this once:
      </label>
      <div className="staff-password-value">
        <input
          id={`${titleId}-password`}
          className="staff-password-input"
          readOnly
          value={added.password}
          style={{ width: `calc(${added.password.length}ch + 2rem)` }}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outline-primary" size="sm" onClick={copy}>
          Copy
        </Button>
        <span role="status" className="small">
          {copied === true ? 'Copied.' : copied === false ? 'Select it and copy it by hand.' : ''}
        </span>
      </div>
      <p className="small mb-2">
        Copy it now and pass it on to {added.staff.name} in person or by phone, not by email. They sign in at /staff
        with {added.staff.email}. Once you close this, nobody can see it again.
      </p>
      <p className="small mb-2">
        We mailed them an invitation to set up two-step sign-in with an authenticator app: its link works once, until{' '}
        {added.staff.invitation_until && formatDateTime(added.staff.invitation_until, STAFF_LOCALE)}, and asks for this
        password.
      </p>
      <Button variant="primary" size="sm" onClick={onDone}>
        Done, close
      </Button>
    </section>
  );
}

function TeamTable({ team, myId }: { team: StaffAccount[]; myId: number | undefined }) {
  const change = useChangeStaff();
  const [confirming, setConfirming] = useState<{ id: number; action: 'disable' | 'reset' } | null>(null);
  const busy = (account: StaffAccount) => change.isPending && change.variables?.id === account.id;
  const confirm = (account: StaffAccount, action: 'disable' | 'reset') =>
    change.mutate(
      action === 'disable' ? { id: account.id, disabled: true } : { id: account.id, reset_two_step: true },
      {
        onSettled: () => setConfirming(null),
      },
    );

  return (
    <div className="staff-card">
      <h2 className="h5" id="staff-accounts">
        Staff accounts <span className="text-body-secondary fw-normal">({team.length})</span>
      </h2>
      {change.isError && (
        <Alert variant="danger" dismissible onClose={() => change.reset()}>
          {change.error.message}
        </Alert>
      )}
      <StaffTable
        aria-labelledby="staff-accounts"
        columns={['Name', 'Email', 'Role', 'Status', 'Two-step', 'At once', 'Since']}
      >
        {team.map((account) => {
          const own = account.id === myId;
          return (
            <tr
              key={account.id}
              className={own ? 'staff-own' : confirming?.id === account.id ? 'staff-confirming' : undefined}
            >
              <th scope="row" className="staff-cell-name">
                {account.name} {own && <span className="staff-you fw-normal">(you)</span>}
              </th>
              <td className="staff-cell-email staff-email">{account.email}</td>
              <td className="staff-cell-role" data-label={own ? 'Role' : undefined}>
                {own ? (
                  ROLE_LABELS[account.role]
                ) : (
                  <Form.Select
                    size="sm"
                    aria-label={`Role of ${account.name}`}
                    value={account.role}
                    disabled={busy(account)}
                    onChange={(event) => change.mutate({ id: account.id, role: event.target.value as StaffRole })}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </td>
              <td className="staff-cell-status">
                {account.disabled ? <Badge bg="secondary">Disabled</Badge> : <Badge bg="success">Active</Badge>}
                {account.locked_until && (
                  <span className="staff-locked">
                    <Badge bg="warning" text="dark">
                      Locked until {formatTime(account.locked_until, STAFF_LOCALE)}
                    </Badge>
                    {!own && (
                      <Button
                        variant="link"
                        size="sm"
                        disabled={busy(account)}
                        onClick={() => change.mutate({ id: account.id, unlock: true })}
                      >
                        Unlock<span className="visually-hidden"> {account.name}</span>
                      </Button>
                    )}
                  </span>
                )}
              </td>
              <td className="staff-cell-two-step" data-label="Two-step">
                {account.two_step ? (
                  'App set up'
                ) : account.invitation_until ? (
                  <>
                    Invited
                    <span className="staff-invited-until">
                      until {formatShortDateTime(account.invitation_until, STAFF_LOCALE)}
                    </span>
                  </>
                ) : (
                  'Not set up'
                )}
              </td>
              <td className="staff-cell-capacity" data-label="At once">
                {own ? (
                  account.capacity
                ) : (
                  <Form.Select
                    size="sm"
                    aria-label={`Conversations ${account.name} holds at once`}
                    value={account.capacity}
                    disabled={busy(account)}
                    onChange={(event) => change.mutate({ id: account.id, capacity: Number(event.target.value) })}
                  >
                    {capacityChoices(account.capacity).map((capacity) => (
                      <option key={capacity} value={capacity}>
                        {capacity}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </td>
              <td className="staff-cell-since" data-label="Since">
                {formatDate(account.created_at, STAFF_LOCALE)}
              </td>
              <td className="staff-cell-action text-md-end">
                {own ? (
                  <span className="staff-you">Ask another admin to change your account.</span>
                ) : confirming?.id === account.id ? (
                  <Confirm
                    question={
                      confirming.action === 'disable'
                        ? `Disable ${account.name}? Their sessions end now.`
                        : `Reset ${account.name}'s two-step sign-in? Their sessions and recovery codes end now, and we mail them an invitation to set up their app again.`
                    }
                    yes={confirming.action === 'disable' ? 'Yes, disable' : 'Yes, reset'}
                    busy={busy(account)}
                    onConfirm={() => confirm(account, confirming.action)}
                    onCancel={() => setConfirming(null)}
                  />
                ) : account.disabled ? (
                  <Button
                    variant="outline-primary"
                    size="sm"
                    disabled={busy(account)}
                    onClick={() => change.mutate({ id: account.id, disabled: false })}
                  >
                    Enable<span className="visually-hidden"> {account.name}</span>
                  </Button>
                ) : (
                  <span className="staff-row-actions">
                    {account.two_step ? (
                      <Button
                        variant="outline-secondary"
                        size="sm"
                        onClick={() => setConfirming({ id: account.id, action: 'reset' })}
                      >
                        Reset two-step<span className="visually-hidden"> of {account.name}</span>
                      </Button>
                    ) : (
                      <Button
                        variant="outline-secondary"
                        size="sm"
                        disabled={busy(account)}
                        onClick={() => change.mutate({ id: account.id, reset_two_step: true })}
                      >
                        New invitation<span className="visually-hidden"> for {account.name}</span>
                      </Button>
                    )}
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => setConfirming({ id: account.id, action: 'disable' })}
                    >
                      Disable<span className="visually-hidden"> {account.name}</span>
                    </Button>
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </StaffTable>
    </div>
  );
}

/** The step before disabling or resetting: the question, focused so it is read out, and the two answers. */
function Confirm({
  question,
  yes,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  yes: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const asked = useRef<HTMLSpanElement>(null);
  useEffect(() => asked.current?.focus(), []);
  return (
    <span className="staff-confirm">
      <span ref={asked} tabIndex={-1} className="staff-confirm-question">
        {question}
      </span>
      <Button variant="danger" size="sm" disabled={busy} onClick={onConfirm}>
        {yes}
      </Button>
      <Button variant="link" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </span>
  );
}
