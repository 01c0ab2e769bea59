import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE, useStaffMe } from '../shared/api';
import { useStaffMembers } from './api';
import { MemberStatus } from './MemberStatus';

/** /staff/members (moderators, admins): find a member by profile id or name; admins by address too. */
export default function StaffMembersPage() {
  useDocumentTitle('Members');
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [typed, setTyped] = useState(query);
  const { data: me } = useStaffMe();
  const found = useStaffMembers(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  const byAddress = me?.role === 'admin';

  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Members</h1>
        <p className="text-body-secondary mb-0">
          Find a member by profile id or the start of their name{byAddress ? ', or by email address' : ''}.
        </p>
      </div>
      <form className="staff-search" onSubmit={submit} aria-label="Find members">
        <Form.Control
          type="search"
          aria-label="Profile id or name"
          placeholder={byAddress ? 'Profile id, name or email' : 'Profile id or name'}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit">Find</Button>
      </form>
      {found.isError && <Alert variant="danger">{found.error.message}</Alert>}
      {query && found.isPending && <Loading />}
      {found.data &&
        (found.data.members.length === 0 ? (
          <p>No member matches “{query}”.</p>
        ) : (
          <div className="staff-card">
            <table className="staff-table" aria-label="Members found">
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Site</th>
                  <th scope="col">Since</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {found.data.members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <Link to={`/staff/members/${member.id}`}>{member.name}</Link>
                      <span className="d-block small text-body-secondary">
                        Profile {member.id}
                        {member.email && ` · ${member.email}`}
                      </span>
                    </td>
                    <td>{member.site.name}</td>
                    <td>{formatDate(member.signup_date, STAFF_LOCALE)}</td>
                    <td>
                      <MemberStatus status={member.status} />
                      {member.paid && (
                        <Badge bg="light" text="dark" className="ms-1">
                          Paid
                        </Badge>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
