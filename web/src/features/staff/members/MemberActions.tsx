import type { StaffMemberDetail } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { StaffField } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import { type MemberAction, useActOnMember } from './api';

type Action = MemberAction['action'];
/** Where an action sits: suspending and banning in the danger zone, the rest with the other actions. */
export type Zone = 'actions' | 'danger';
const zoneOf = (action: Action): Zone => (action === 'suspend' || action === 'ban' ? 'danger' : 'actions');

/**
 * The actions on a member's account, shared by the actions card and the danger zone: one at a time,
 * each one's outcome told in the part of the page it was taken in.
 */
export function useMemberActions(id: number) {
  const act = useActOnMember(id);
  const [done, setDone] = useState<{ zone: Zone; message: string } | null>(null);
  const run = (input: MemberAction, message: string, reset: () => void = () => {}) => {
    setDone(null);
    act.mutate(input, {
      onSuccess: () => {
        setDone({ zone: zoneOf(input.action), message });
        reset();
      },
    });
  };
  /** The server's reason for a field of the form that sent it (several forms send an explanation). */
  const fieldError = (field: string, ...of: Action[]) =>
    act.error instanceof ApiError && act.variables && of.includes(act.variables.action)
      ? act.error.fields[field]?.message
      : undefined;
  return { act, run, fieldError, done, setDone };
}
export type MemberActions = ReturnType<typeof useMemberActions>;

/** The outcome of the last action, or the server's refusal where no field shows it, in the part it was taken in. */
export function ActionOutcome({ actions: { act, done, setDone }, zone }: { actions: MemberActions; zone: Zone }) {
  const fields = act.error instanceof ApiError ? act.error.fields : {};
  const refused =
    act.isError && act.variables && zoneOf(act.variables.action) === zone && !fields.explanation && !fields.amount;
  return (
    <>
      {done?.zone === zone && (
        <Alert variant="success" dismissible onClose={() => setDone(null)}>
          {done.message}
        </Alert>
      )}
      {refused && <Alert variant="danger">{act.error?.message}</Alert>}
    </>
  );
}

/** Lift a suspension or ban, grant or take credits, and mail the activation link again. */
export function Actions({ member, actions }: { member: StaffMemberDetail; actions: MemberActions }) {
  const { t } = useStaffWords();
  const { act, run, fieldError } = actions;
  const [amount, setAmount] = useState('');
  const [why, setWhy] = useState('');
  const suspended = member.member.suspended_at !== null;
  return (
    <div className="staff-card">
      <h2 className="h6">{t('shared.actions')}</h2>
      <ActionOutcome actions={actions} zone="actions" />
      {suspended && (
        <div className="mb-3">
          <Button
            variant="outline-primary"
            disabled={act.isPending}
            onClick={() => run({ action: 'lift' }, t('members.actions.lifted'))}
          >
            {member.member.suspension === 'ban' ? t('members.actions.liftBan') : t('members.actions.liftSuspension')}
          </Button>
        </div>
      )}
      <Form
        aria-label={t('members.actions.credits')}
        onSubmit={(event) => {
          event.preventDefault();
          run({ action: 'credits', amount: Number(amount), explanation: why }, t('members.actions.adjusted'), () => {
            setAmount('');
            setWhy('');
          });
        }}
      >
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <StaffField
            id="member-amount"
            label={t('members.actions.amount')}
            error={fieldError('amount', 'credits')}
            className="staff-amount"
          >
            {(control) => (
              <Form.Control
                {...control}
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </StaffField>
          <StaffField
            id="member-credits-why"
            label={t('members.actions.why')}
            error={fieldError('explanation', 'credits')}
            className="flex-grow-1"
          >
            {(control) => <Form.Control {...control} value={why} onChange={(e) => setWhy(e.target.value)} />}
          </StaffField>
        </div>
        <Button type="submit" variant="outline-primary" className="mt-2" disabled={act.isPending}>
          {t('members.actions.adjust')}
        </Button>
      </Form>
      {!member.member.confirmed && !member.member.deleted_at && (
        <div className="mt-3">
          <Button
            variant="outline-secondary"
            disabled={act.isPending}
            onClick={() => run({ action: 'activation' }, t('members.actions.activationSent'))}
          >
            {t('members.actions.resendActivation')}
          </Button>
        </div>
      )}
    </div>
  );
}
