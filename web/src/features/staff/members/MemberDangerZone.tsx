import { REPORT_REASONS, type ReportReason, type StaffMemberDetail, staffMay } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useStaffMe } from '../shared/api';
import { Confirm } from '../shared/Confirm';
import { FactsField } from '../shared/FactsField';
import { StaffField } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import { useEraseMember } from './api';
import { ActionOutcome, type MemberActions } from './MemberActions';

/**
 * What cannot simply be taken back, at the bottom of the member's page: suspending, banning and
 * (admins) erasing the account, each in the same outlined danger style and asked again before it is done.
 */
export function DangerZone({ member, actions }: { member: StaffMemberDetail; actions: MemberActions }) {
  const { t } = useStaffWords();
  const { data: me } = useStaffMe();
  const mayErase = me ? staffMay(me.role, 'erasure') : false;
  const suspended = member.member.suspended_at !== null;
  if (suspended && !mayErase && actions.done?.zone !== 'danger') return null;
  return (
    <section className="staff-card staff-danger-zone" aria-labelledby="member-danger-zone">
      <h2 className="h6 text-danger" id="member-danger-zone">
        {t('members.danger.title')}
      </h2>
      <ActionOutcome actions={actions} zone="danger" />
      {!suspended && <SuspendOrBan member={member} actions={actions} />}
      {mayErase && <Erase member={member} />}
    </section>
  );
}

/** Suspend or ban for a reason; the member is mailed a statement of reasons with a link to appeal. */
function SuspendOrBan({ member, actions }: { member: StaffMemberDetail; actions: MemberActions }) {
  const { t } = useStaffWords();
  const { act, run, fieldError } = actions;
  const [reason, setReason] = useState<ReportReason>('fake');
  const [explanation, setExplanation] = useState('');
  const [confirming, setConfirming] = useState<'suspend' | 'ban' | null>(null);
  const name = member.member.name;
  const measure = (action: 'suspend' | 'ban') =>
    run(
      { action, reason, ...(explanation.trim() && { explanation }) },
      action === 'ban' ? t('members.danger.banned') : t('members.danger.suspended'),
      () => setExplanation(''),
    );
  return (
    <Form
      aria-label={t('members.danger.suspendOrBan')}
      className="staff-danger-action"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        setConfirming('suspend');
      }}
    >
      <StaffField id="member-reason" label={t('members.danger.reason')} className="mb-2">
        {(control) => (
          <Form.Select {...control} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
            {REPORT_REASONS.map((each) => (
              <option key={each} value={each}>
                {t(`cases.reasons.${each}`)}
              </option>
            ))}
          </Form.Select>
        )}
      </StaffField>
      <FactsField
        id="member-explanation"
        value={explanation}
        onChange={setExplanation}
        help={t('members.danger.factsHelp')}
        error={fieldError('explanation', 'suspend', 'ban')}
      />
      {confirming ? (
        <Confirm
          question={t(`members.danger.${confirming}Question`, { name })}
          yes={t(`members.danger.${confirming}Yes`)}
          busy={act.isPending}
          onConfirm={() => {
            measure(confirming);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        />
      ) : (
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="outline-danger" disabled={act.isPending}>
            {t('members.danger.suspend')}
          </Button>
          <Button variant="outline-danger" disabled={act.isPending} onClick={() => setConfirming('ban')}>
            {t('members.danger.ban')}
          </Button>
        </div>
      )}
    </Form>
  );
}

/** Erases the account at once (admins), as the member's own deletion would once its grace ran out. */
function Erase({ member }: { member: StaffMemberDetail }) {
  const { t } = useStaffWords();
  const erase = useEraseMember(member.member.id);
  const navigate = useNavigate();
  const [why, setWhy] = useState('');
  const [confirming, setConfirming] = useState(false);
  const fieldError = erase.error instanceof ApiError ? erase.error.fields.explanation?.message : undefined;
  const name = member.member.name;
  return (
    <Form
      className="staff-danger-action"
      aria-label={t('members.danger.erase')}
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <h3 className="h6">{t('members.danger.erase')}</h3>
      <p className="small text-body-secondary mb-2">{t('members.danger.eraseWhat', { name })}</p>
      {erase.isError && !fieldError && <Alert variant="danger">{erase.error.message}</Alert>}
      <StaffField id="member-erase-why" label={t('members.actions.why')} error={fieldError} className="mb-2">
        {(control) => <Form.Control {...control} value={why} onChange={(e) => setWhy(e.target.value)} />}
      </StaffField>
      {confirming ? (
        <Confirm
          question={t('members.danger.eraseQuestion', { name })}
          yes={t('members.danger.eraseYes')}
          busy={erase.isPending}
          onConfirm={() =>
            erase.mutate(why, {
              onSuccess: () => navigate('/staff/members', { replace: true }),
              onSettled: () => setConfirming(false),
            })
          }
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button type="submit" variant="outline-danger" disabled={erase.isPending}>
          {t('members.danger.eraseNow')}
        </Button>
      )}
    </Form>
  );
}
