import { staffMay } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffMe, useStaffSites } from '../shared/api';
import { PersonaSheet } from '../shared/PersonaSheet';
import { StaffField } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import {
  useAddHostedProfile,
  useChangeHostedProfile,
  useEditHostedPersona,
  useHostedProfile,
  useSetHostedStatus,
} from './api';
import { DetailsForm } from './HostedDetailsForm';
import { Photos } from './HostedPhotos';
import { Summary } from './HostedSummary';
import { detailsOf, draftOf } from './profile-draft';

/**
 * /staff/profiles/{id} and /staff/profiles/new: a hosted profile's details, photos and persona
 * sheet. Admins change them; operators read them.
 */
export default function StaffProfilePage() {
  const id = useParams().id;
  return id === 'new' ? <NewProfile /> : <HostedProfile id={Number(id)} />;
}

/** The way back to the list, above a profile's heading. */
function BackToList() {
  const { t } = useStaffWords();
  return (
    <Link to="/staff/profiles" className="small">
      <span aria-hidden="true">← </span>
      {t('profiles.title')}
    </Link>
  );
}

function NewProfile() {
  const { t } = useStaffWords();
  useDocumentTitle(t('profiles.newTitle'));
  const { data: me } = useStaffMe();
  const sites = useStaffSites();
  const add = useAddHostedProfile();
  const navigate = useNavigate();
  const [site, setSite] = useState('');
  const chosenSite = site || String(sites.data?.[0]?.id ?? '');
  if (me && !staffMay(me.role, 'profiles')) {
    return <Alert variant="warning">{t('profiles.onlyAdmins')}</Alert>;
  }
  return (
    <section>
      <div className="staff-page-head">
        <BackToList />
        <h1 className="h3">{t('profiles.newTitle')}</h1>
        <p className="text-body-secondary mb-0">{t('profiles.newIntro')}</p>
      </div>
      <DetailsForm
        error={add.error}
        busy={add.isPending}
        submitLabel={t('profiles.create')}
        siteChoice={
          <StaffField id="hosted-site" label={t('shared.site')} className="mb-3">
            {(control) => (
              <Form.Select {...control} value={chosenSite} onChange={(e) => setSite(e.target.value)}>
                {sites.data?.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name}
                  </option>
                ))}
              </Form.Select>
            )}
          </StaffField>
        }
        onSubmit={(draft) =>
          add.mutate(
            { site: Number(chosenSite), ...detailsOf(draft) },
            { onSuccess: (answer) => navigate(`/staff/profiles/${answer.profile.id}`, { replace: true }) },
          )
        }
      />
    </section>
  );
}

function HostedProfile({ id }: { id: number }) {
  const view = useHostedProfile(id);
  const { data: me } = useStaffMe();
  const change = useChangeHostedProfile();
  const status = useSetHostedStatus();
  const editPersona = useEditHostedPersona(id);
  const [saved, setSaved] = useState(false);
  const { t } = useStaffWords();
  useDocumentTitle(view.data ? t('profiles.hostedTitle', { name: view.data.profile.name }) : t('profiles.title'));
  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/profiles">{t('profiles.backToList')}</Link>
      </Alert>
    );
  }
  const { profile, photos, persona } = view.data;
  const keeps = me ? staffMay(me.role, 'profiles') : false;
  const retired = profile.status === 'retired';

  return (
    <div className="staff-conversation">
      <section aria-label={t('profiles.profile')}>
        <div className="staff-page-head d-flex flex-wrap align-items-end gap-2">
          <div className="me-auto">
            <BackToList />
            <h1 className="h3">
              {profile.name}, {profile.age}{' '}
              {retired && (
                <Badge bg="secondary" className="align-middle fs-6">
                  {t('profiles.statuses.retired')}
                </Badge>
              )}
            </h1>
            <p className="text-body-secondary mb-0">
              {[
                profile.site.name,
                t('profiles.number', { id: profile.id }),
                profile.waiting > 0
                  ? t('profiles.waitingOf', { waiting: profile.waiting, count: profile.conversations })
                  : t('profiles.conversations', { count: profile.conversations }),
              ].join(' · ')}
            </p>
          </div>
          {keeps && (
            <Button
              variant={retired ? 'outline-primary' : 'outline-danger'}
              disabled={status.isPending}
              onClick={() => status.mutate({ id, status: retired ? 'active' : 'retired' })}
            >
              {t(retired ? 'profiles.bringBack' : 'profiles.retire')}
            </Button>
          )}
        </div>
        {keeps && !retired && profile.waiting > 0 && (
          <p className="small text-body-secondary">{t('profiles.retireNote')}</p>
        )}
        {status.isError && <Alert variant="danger">{status.error.message}</Alert>}
        <Photos profile={profile} photos={photos} keeps={keeps} />
        {keeps ? (
          <>
            {saved && (
              <Alert variant="success" dismissible onClose={() => setSaved(false)}>
                {t('profiles.saved')}
              </Alert>
            )}
            <DetailsForm
              key={JSON.stringify(draftOf(profile))}
              profile={profile}
              error={change.error}
              busy={change.isPending}
              submitLabel={t('profiles.save')}
              onSubmit={(draft) => {
                setSaved(false);
                change.mutate({ id, ...detailsOf(draft) }, { onSuccess: () => setSaved(true) });
              }}
            />
          </>
        ) : (
          <Summary profile={profile} />
        )}
      </section>
      <aside className="staff-side">
        <PersonaSheet
          hostedName={profile.name}
          persona={persona}
          {...(keeps && {
            saving: editPersona.isPending,
            error: editPersona.error,
            onSave: (facts) => editPersona.mutate({ version: persona.version, facts }),
          })}
        />
      </aside>
    </div>
  );
}
