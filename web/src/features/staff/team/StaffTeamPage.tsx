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
import { useStaffMe } from '../shared/api';
import { Confirm } from '../shared/Confirm';
import { StaffField } from '../shared/StaffField';
import { StaffPageHead } from '../shared/StaffPageHead';
import { StaffTable } from '../shared/StaffTable';
import { ownLanguageName, siteLanguage, useStaffWords } from '../shared/words';
import { useAddStaff, useChangeStaff, useStaffTeam } from './api';

/** The columns of the accounts' table, by their names in staff:team.columns. */
const COLUMNS = ['name', 'email', 'role', 'status', 'twoStep', 'atOnce', 'since'] as const;

/** How many conversations an operator may hold at once: the usual choices, and the current one. */
const capacityChoices = (current: number) =>
  [...new Set([1, 2, 3, 4, 5, 6, 8, 10, 15, 20, current])].sort((a, b) => a - b);

interface Added {
  staff: StaffAccount;
  password: string;
}

/** /staff/team (admins): the staff accounts, each one's role and whether it may sign in, and adding one. */
export default function StaffTeamPage() {
  const { t } = useStaffWords();
  useDocumentTitle(t('team.title'));
  const team = useStaffTeam();
  const me = useStaffMe();
  const [added, setAdded] = useState<Added | null>(null);

  return (
    <section>
      <StaffPageHead title={t('team.title')} help={t('team.intro')} />
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
  const { t } = useStaffWords();
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
        {t('team.add.title')}
      </h2>
      <FormAlert alert={alert} />
      <div className="staff-add">
        <EmailField form={form} name="email" label={t('team.add.email')} autoComplete="off" />
        <TextField form={form} name="name" label={t('team.add.name')} autoComplete="off" />
        <StaffField
          id={`${roleId}-role`}
          label={t('team.add.role')}
          error={roleError}
          className="mb-3"
          labelClassName=""
        >
          {(control) => (
            <Form.Select {...form.register('role')} {...control}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`team.roleNames.${role}`)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField
          id={`${roleId}-language`}
          label={t('team.add.language')}
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
            {t('team.add.submit')}
          </Button>
        </div>
      </div>
    </Form>
  );
}

/** The new account's first password: shown here once, never again. */
function FirstPassword({ added, onDone }: { added: Added; onDone: () => void }) {
  const { t, locale } = useStaffWords();
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
        {t('team.added.title', { name: added.staff.name, role: t(`roles.${added.staff.role}`) })}
      </h2>
      <label htmlFor={`${titleId}-password`} className="mb-0">
        {t('team.added.password')}
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
        <Button variant="outline-primary" onClick={copy}>
          {t('team.added.copy')}
        </Button>
        <span role="status" className="small">
          {copied === true ? t('team.added.copied') : copied === false ? t('team.added.copyByHand') : ''}
        </span>
      </div>
      <p className="small mb-2">{t('team.added.passOn', { name: added.staff.name, email: added.staff.email })}</p>
      <p className="small mb-2">
        {t('team.added.invited', {
          until: added.staff.invitation_until ? formatDateTime(added.staff.invitation_until, locale) : '',
        })}
      </p>
      <Button variant="primary" onClick={onDone}>
        {t('team.added.done')}
      </Button>
    </section>
  );
}

function TeamTable({ team, myId }: { team: StaffAccount[]; myId: number | undefined }) {
  const { t, locale } = useStaffWords();
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
        {t('team.accounts')} <span className="text-body-secondary fw-normal">({team.length})</span>
      </h2>
      {change.isError && (
        <Alert variant="danger" dismissible onClose={() => change.reset()}>
          {change.error.message}
        </Alert>
      )}
      <StaffTable aria-labelledby="staff-accounts" columns={COLUMNS.map((column) => t(`team.columns.${column}`))}>
        {team.map((account) => {
          const own = account.id === myId;
          return (
            <tr
              key={account.id}
              className={own ? 'staff-own' : confirming?.id === account.id ? 'staff-confirming' : undefined}
            >
              <th scope="row" className="staff-cell-name">
                {account.name} {own && <span className="staff-you fw-normal">{t('team.you')}</span>}
              </th>
              <td className="staff-cell-email staff-email">{account.email}</td>
              <td className="staff-cell-role" data-label={own ? t('team.columns.role') : undefined}>
                {own ? (
                  t(`team.roleNames.${account.role}`)
                ) : (
                  <Form.Select
                    aria-label={t('team.roleOf', { name: account.name })}
                    value={account.role}
                    disabled={busy(account)}
                    onChange={(event) => change.mutate({ id: account.id, role: event.target.value as StaffRole })}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {t(`team.roleNames.${role}`)}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </td>
              <td className="staff-cell-status">
                {account.disabled ? (
                  <Badge bg="secondary">{t('team.disabled')}</Badge>
                ) : (
                  <Badge bg="success">{t('team.active')}</Badge>
                )}
                {account.locked_until && (
                  <span className="staff-locked">
                    <Badge bg="warning" text="dark">
                      {t('team.lockedUntil', { time: formatTime(account.locked_until, locale) })}
                    </Badge>
                    {!own && (
                      <Button
                        variant="link"
                        disabled={busy(account)}
                        onClick={() => change.mutate({ id: account.id, unlock: true })}
                      >
                        {t('team.unlock')}
                        <span className="visually-hidden"> {account.name}</span>
                      </Button>
                    )}
                  </span>
                )}
              </td>
              <td className="staff-cell-two-step" data-label={t('team.columns.twoStep')}>
                {account.two_step ? (
                  t('team.appSetUp')
                ) : account.invitation_until ? (
                  <>
                    {t('team.invited')}
                    <span className="staff-invited-until">
                      {t('team.invitedUntil', { when: formatShortDateTime(account.invitation_until, locale) })}
                    </span>
                  </>
                ) : (
                  t('team.notSetUp')
                )}
              </td>
              <td className="staff-cell-capacity" data-label={t('team.columns.atOnce')}>
                {own ? (
                  account.capacity
                ) : (
                  <Form.Select
                    aria-label={t('team.capacityOf', { name: account.name })}
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
              <td className="staff-cell-since" data-label={t('team.columns.since')}>
                {formatDate(account.created_at, locale)}
              </td>
              <td className="staff-cell-action text-md-end">
                {own ? (
                  <span className="staff-you">{t('team.askAnother')}</span>
                ) : confirming?.id === account.id ? (
                  <Confirm
                    question={
                      confirming.action === 'disable'
                        ? t('team.confirmDisable', { name: account.name })
                        : t('team.confirmReset', { name: account.name })
                    }
                    yes={confirming.action === 'disable' ? t('team.yesDisable') : t('team.yesReset')}
                    busy={busy(account)}
                    onConfirm={() => confirm(account, confirming.action)}
                    onCancel={() => setConfirming(null)}
                  />
                ) : account.disabled ? (
                  <Button
                    variant="outline-primary"
                    disabled={busy(account)}
                    onClick={() => change.mutate({ id: account.id, disabled: false })}
                  >
                    {t('team.enable')}
                    <span className="visually-hidden"> {account.name}</span>
                  </Button>
                ) : (
                  <span className="staff-row-actions">
                    {account.two_step ? (
                      <Button
                        variant="outline-secondary"
                        onClick={() => setConfirming({ id: account.id, action: 'reset' })}
                      >
                        {t('team.resetTwoStep')}
                        <span className="visually-hidden"> {t('team.ofName', { name: account.name })}</span>
                      </Button>
                    ) : (
                      <Button
                        variant="outline-secondary"
                        disabled={busy(account)}
                        onClick={() => change.mutate({ id: account.id, reset_two_step: true })}
                      >
                        {t('team.newInvitation')}
                        <span className="visually-hidden"> {t('team.forName', { name: account.name })}</span>
                      </Button>
                    )}
                    <Button
                      variant="outline-danger"
                      onClick={() => setConfirming({ id: account.id, action: 'disable' })}
                    >
                      {t('team.disable')}
                      <span className="visually-hidden"> {account.name}</span>
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
