import { HOSTED_STATUSES, type HostedStatus, staffMay } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffMe } from '../shared/api';
import { SiteSelect } from '../shared/SiteSelect';
import { useHostedProfiles } from './api';

const STATUS_LABELS: Record<HostedStatus, string> = { active: 'Active', retired: 'Retired' };

/**
 * /staff/profiles: the hosted profiles operators answer as, most conversations waiting first. Admins
 * see every site's and add new ones; operators see their site's, read-only.
 */
export default function StaffProfilesPage() {
  useDocumentTitle('Hosted profiles');
  const { data: me } = useStaffMe();
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') as HostedStatus | null) ?? 'active';
  const [site, setSite] = useState('');
  const [q, setQ] = useState('');
  const profiles = useHostedProfiles({ site, q, status });
  const keeps = me ? staffMay(me.role, 'profiles') : false;

  return (
    <section>
      <div className="staff-page-head d-flex flex-wrap align-items-end gap-2">
        <div className="me-auto">
          <h1 className="h3">Hosted profiles</h1>
          <p className="text-body-secondary mb-0">
            The site's own fictional profiles, answered by operators. Most conversations waiting first.
          </p>
        </div>
        {keeps && (
          <Link to="/staff/profiles/new" className="btn btn-primary">
            New profile
          </Link>
        )}
      </div>
      <fieldset className="staff-filters" aria-label="Filter profiles">
        <fieldset className="btn-group" aria-label="Status">
          {HOSTED_STATUSES.map((each) => (
            <button
              key={each}
              type="button"
              className={`btn btn-sm ${each === status ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={each === status}
              onClick={() => setParams(each === 'active' ? {} : { status: each })}
            >
              {STATUS_LABELS[each]}
            </button>
          ))}
        </fieldset>
        {keeps && <SiteSelect value={site} onChange={setSite} />}
        <Form.Control
          size="sm"
          type="search"
          aria-label="Name starts with"
          placeholder="Name starts with…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </fieldset>
      {profiles.isError && <Alert variant="danger">{profiles.error.message}</Alert>}
      {profiles.isPending ? (
        <Loading />
      ) : profiles.data?.length === 0 ? (
        <p>{status === 'active' ? 'No hosted profiles yet.' : 'No retired profiles.'}</p>
      ) : (
        <ul className="staff-hosted-grid" aria-label="Hosted profiles">
          {profiles.data?.map((profile) => (
            <li key={profile.id}>
              <Link to={`/staff/profiles/${profile.id}`} className="staff-hosted-card">
                {profile.thumb_url ? (
                  <img src={profile.thumb_url} alt="" loading="lazy" width={160} height={160} />
                ) : (
                  <span className="staff-hosted-nophoto">No photo</span>
                )}
                <span className="staff-hosted-about">
                  <strong>
                    {profile.name}, {profile.age}
                  </strong>
                  <span className="small text-body-secondary">
                    {[profile.city, profile.country].filter(Boolean).join(', ') || '—'}
                    {keeps && ` · ${profile.site.name}`}
                  </span>
                  <span className="small">
                    {profile.waiting > 0 ? (
                      <Badge bg="danger">{profile.waiting} waiting</Badge>
                    ) : (
                      <Badge bg="light" text="dark">
                        none waiting
                      </Badge>
                    )}{' '}
                    {profile.conversations === 1 ? '1 conversation' : `${profile.conversations} conversations`}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
