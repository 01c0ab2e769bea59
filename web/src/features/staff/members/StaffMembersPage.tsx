import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffMe } from '../shared/api';
import { StaffPageHead } from '../shared/StaffPageHead';
import { useStaffWords } from '../shared/words';
import { useStaffMembers } from './api';
import { MemberStatus } from './MemberStatus';

/** The columns of the members found, by their names in staff:members.find.columns. */
const COLUMNS = ['member', 'site', 'since', 'status'] as const;

/** /staff/members (moderators, admins): find a member by profile id or name; admins by address too. */
export default function StaffMembersPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('nav.members'));
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
      <StaffPageHead
        title={t('nav.members')}
        help={byAddress ? t('members.find.introAdmin') : t('members.find.intro')}
      />
      <form className="staff-search" onSubmit={submit} aria-label={t('members.find.form')}>
        <Form.Control
          type="search"
          aria-label={t('members.find.query')}
          placeholder={byAddress ? t('members.find.queryAdmin') : t('members.find.query')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit">{t('members.find.submit')}</Button>
      </form>
      {found.isError && <Alert variant="danger">{found.error.message}</Alert>}
      {query && found.isPending && <Loading />}
      {found.data &&
        (found.data.members.length === 0 ? (
          <p>{t('members.find.none', { query })}</p>
        ) : (
          <div className="staff-card">
            <table className="staff-table" aria-label={t('members.find.found')}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {t(`members.find.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {found.data.members.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <Link to={`/staff/members/${member.id}`}>{member.name}</Link>
                      <span className="d-block small text-body-secondary">
                        {t('members.find.profile', { id: member.id })}
                        {member.email && <> · {member.email}</>}
                      </span>
                    </td>
                    <td>{member.site.name}</td>
                    <td>{formatDate(member.signup_date, locale)}</td>
                    <td>
                      <MemberStatus status={member.status} />
                      {member.paid && (
                        <Badge bg="light" text="dark" className="ms-1">
                          {t('members.paid')}
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
