import { type StaffMemberDetail, staffMay } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useStaffMe } from '../shared/api';
import { StaffField } from '../shared/StaffField';
import { useEraseMember } from './api';

/** Erases the account at once (admins), as the member's own deletion would once its grace ran out. */
export function Erase({ member }: { member: StaffMemberDetail }) {
  const { data: me } = useStaffMe();
  const erase = useEraseMember(member.member.id);
  const navigate = useNavigate();
  const [why, setWhy] = useState('');
  const [sure, setSure] = useState(false);
  if (!me || !staffMay(me.role, 'erasure')) return null;
  const fieldError = erase.error instanceof ApiError ? erase.error.fields.explanation?.message : undefined;
  return (
    <Form
      className="staff-erase mt-3"
      aria-label="Erase the account"
      onSubmit={(event) => {
        event.preventDefault();
        erase.mutate(why, { onSuccess: () => navigate('/staff/members', { replace: true }) });
      }}
    >
      <h3 className="h6 text-danger">Erase the account</h3>
      <p className="small text-body-secondary mb-2">
        Everything of {member.member.name} goes at once and for good, as when a deleted account's grace period ends:
        account, profile, photos, messages, credits and payments.
      </p>
      {erase.isError && !fieldError && <Alert variant="danger">{erase.error.message}</Alert>}
      <StaffField id="member-erase-why" label="Why" error={fieldError} className="mb-2">
        {(control) => <Form.Control {...control} size="sm" value={why} onChange={(e) => setWhy(e.target.value)} />}
      </StaffField>
      <Form.Check
        id="member-erase-sure"
        className="mb-2"
        label="I understand this cannot be undone"
        checked={sure}
        onChange={(e) => setSure(e.target.checked)}
      />
      <Button type="submit" size="sm" variant="danger" disabled={!sure || erase.isPending}>
        Erase now
      </Button>
    </Form>
  );
}
