import {
  type HostedProfileDetail,
  INTERESTS,
  INTERESTS_MAX,
  type NewHostedProfile,
  PROFILE_CHOICES,
  type ProfileChoiceField,
  staffMay,
} from '@amora/common';
import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffMe, useStaffSites } from '../shared/api';
import { PersonaSheet } from '../shared/PersonaSheet';
import {
  useAddHostedProfile,
  useChangeHostedPhoto,
  useChangeHostedProfile,
  useEditHostedPersona,
  useHostedProfile,
  useRemoveHostedPhoto,
  useSetHostedStatus,
  useUploadHostedPhoto,
} from './api';

const CHOICE_LABELS: Record<ProfileChoiceField, string> = {
  gender: 'Gender',
  sexuality: 'Looking for',
  hair_colour: 'Hair',
  eye_colour: 'Eyes',
  body_type: 'Body',
  relationship_status: 'Relationship',
  tattoos: 'Tattoos',
};

/** A stored value as staff read it: "long_term" → "Long term". */
const readable = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll('_', ' ');

type Profile = HostedProfileDetail['profile'];
type Draft = Record<ProfileChoiceField | 'name' | 'date_of_birth' | 'country' | 'region' | 'city' | 'about', string> & {
  interests: string[];
};

const draftOf = (profile?: Profile): Draft => ({
  name: profile?.name ?? '',
  date_of_birth: profile?.date_of_birth ?? '',
  country: profile?.country ?? '',
  region: profile?.region ?? '',
  city: profile?.city ?? '',
  about: profile?.about ?? '',
  interests: profile?.interests ?? [],
  ...(Object.fromEntries(
    (Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field) => [field, profile?.[field] ?? '']),
  ) as Record<ProfileChoiceField, string>),
});

/** The draft as the API takes it: empty choices are none. The server checks every value. */
function detailsOf(draft: Draft): Omit<NewHostedProfile, 'site'> {
  const orNull = (value: string) => value.trim() || null;
  const choices = Object.fromEntries(
    (Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field) => [field, orNull(draft[field])]),
  );
  return {
    ...choices,
    gender: draft.gender,
    name: draft.name,
    date_of_birth: draft.date_of_birth,
    about: draft.about,
    interests: draft.interests,
    country: orNull(draft.country.toUpperCase()),
    region: orNull(draft.region.toUpperCase()),
    city: orNull(draft.city),
  } as Omit<NewHostedProfile, 'site'>;
}

/**
 * /staff/profiles/{id} and /staff/profiles/new: a hosted profile's details, photos and persona
 * sheet. Admins change them; operators read them.
 */
export default function StaffProfilePage() {
  const id = useParams().id;
  return id === 'new' ? <NewProfile /> : <HostedProfile id={Number(id)} />;
}

function NewProfile() {
  useDocumentTitle('New hosted profile');
  const { data: me } = useStaffMe();
  const sites = useStaffSites();
  const add = useAddHostedProfile();
  const navigate = useNavigate();
  const [site, setSite] = useState('');
  const chosenSite = site || String(sites.data?.[0]?.id ?? '');
  if (me && !staffMay(me.role, 'profiles')) {
    return <Alert variant="warning">Only admins add hosted profiles.</Alert>;
  }
  return (
    <section>
      <div className="staff-page-head">
        <Link to="/staff/profiles" className="small">
          ← Hosted profiles
        </Link>
        <h1 className="h3">New hosted profile</h1>
        <p className="text-body-secondary mb-0">
          Members see it labelled as a fictional profile. Add photos once it is saved.
        </p>
      </div>
      <DetailsForm
        error={add.error}
        busy={add.isPending}
        submitLabel="Create profile"
        siteChoice={
          <Form.Group controlId="hosted-site" className="mb-3">
            <Form.Label className="small fw-semibold">Site</Form.Label>
            <Form.Select size="sm" value={chosenSite} onChange={(e) => setSite(e.target.value)}>
              {sites.data?.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
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
  useDocumentTitle(view.data ? `${view.data.profile.name} (hosted)` : 'Hosted profile');
  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/profiles">Back to the hosted profiles</Link>
      </Alert>
    );
  }
  const { profile, photos, persona } = view.data;
  const keeps = me ? staffMay(me.role, 'profiles') : false;
  const retired = profile.status === 'retired';

  return (
    <div className="staff-conversation">
      <section aria-label="Profile">
        <div className="staff-page-head d-flex flex-wrap align-items-end gap-2">
          <div className="me-auto">
            <Link to="/staff/profiles" className="small">
              ← Hosted profiles
            </Link>
            <h1 className="h3">
              {profile.name}, {profile.age}{' '}
              {retired && (
                <Badge bg="secondary" className="align-middle fs-6">
                  Retired
                </Badge>
              )}
            </h1>
            <p className="text-body-secondary mb-0">
              {profile.site.name} · profile {profile.id} · {profile.waiting > 0 ? `${profile.waiting} waiting of ` : ''}
              {profile.conversations === 1 ? '1 conversation' : `${profile.conversations} conversations`}
            </p>
          </div>
          {keeps && (
            <Button
              variant={retired ? 'outline-primary' : 'outline-danger'}
              disabled={status.isPending}
              onClick={() => status.mutate({ id, status: retired ? 'active' : 'retired' })}
            >
              {retired ? 'Bring back' : 'Retire'}
            </Button>
          )}
        </div>
        {keeps && !retired && profile.waiting > 0 && (
          <p className="small text-body-secondary">
            Retiring takes the profile out of every list, and its waiting conversations out of the inbox.
          </p>
        )}
        {status.isError && <Alert variant="danger">{status.error.message}</Alert>}
        <Photos profile={profile} photos={photos} keeps={keeps} />
        {keeps ? (
          <>
            {saved && (
              <Alert variant="success" dismissible onClose={() => setSaved(false)}>
                Saved: members see the change now.
              </Alert>
            )}
            <DetailsForm
              key={JSON.stringify(draftOf(profile))}
              profile={profile}
              error={change.error}
              busy={change.isPending}
              submitLabel="Save changes"
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

function Photos({
  profile,
  photos,
  keeps,
}: {
  profile: Profile;
  photos: HostedProfileDetail['photos'];
  keeps: boolean;
}) {
  const upload = useUploadHostedPhoto(profile.id);
  const change = useChangeHostedPhoto();
  const remove = useRemoveHostedPhoto();
  const failed = upload.error ?? change.error ?? remove.error;
  return (
    <section className="staff-card" aria-label="Photos">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h6 mb-0 me-auto">Photos</h2>
        {keeps && (
          <Form.Label className={`btn btn-sm btn-primary mb-0${upload.isPending ? ' disabled' : ''}`}>
            {upload.isPending ? 'Uploading…' : 'Add photo'}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
              className="visually-hidden"
              disabled={upload.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
                event.target.value = '';
              }}
            />
          </Form.Label>
        )}
      </div>
      {failed && <Alert variant="danger">{failed.message}</Alert>}
      {photos.length === 0 ? (
        <p className="small text-body-secondary mb-0">
          No photos yet{keeps ? ': a profile with a face gets written to.' : '.'}
        </p>
      ) : (
        <ul className="staff-hosted-photos">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <img
                src={photo.thumb_url}
                alt={`${profile.name}, ${index + 1} of ${photos.length}`}
                width={160}
                height={160}
              />
              <span className="staff-hosted-photo-marks">
                {photo.main && <Badge bg="primary">Main</Badge>}
                {photo.premium_only && <Badge bg="warning">Premium only</Badge>}
                {photo.private && <Badge bg="dark">Private</Badge>}
                {photo.sent && (
                  <Badge bg="light" text="dark">
                    Sent in a chat
                  </Badge>
                )}
              </span>
              {keeps && (
                <span className="staff-hosted-photo-actions">
                  {!photo.main && !photo.private && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ profile: profile.id, photo: photo.id, main: true })}
                    >
                      Make main
                    </Button>
                  )}
                  <Form.Check
                    type="switch"
                    id={`premium-${photo.id}`}
                    label="Premium only"
                    checked={photo.premium_only}
                    disabled={change.isPending}
                    onChange={(e) =>
                      change.mutate({ profile: profile.id, photo: photo.id, premium_only: e.target.checked })
                    }
                  />
                  {!photo.main && (
                    <Form.Check
                      type="switch"
                      id={`private-${photo.id}`}
                      label="Private (operators share it in a chat)"
                      checked={photo.private}
                      disabled={change.isPending}
                      onChange={(e) =>
                        change.mutate({ profile: profile.id, photo: photo.id, private: e.target.checked })
                      }
                    />
                  )}
                  {!photo.sent && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ profile: profile.id, photo: photo.id })}
                    >
                      Delete<span className="visually-hidden"> photo {index + 1}</span>
                    </Button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DetailsForm({
  profile,
  error,
  busy,
  submitLabel,
  siteChoice,
  onSubmit,
}: {
  profile?: Profile;
  error: Error | null;
  busy: boolean;
  submitLabel: string;
  siteChoice?: ReactNode;
  onSubmit: (draft: Draft) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(profile));
  const fieldError = (field: string) => (error instanceof ApiError ? error.fields[field]?.message : undefined);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((before) => ({ ...before, [field]: event.target.value }));
  const toggleInterest = (interest: string) =>
    setDraft((before) => ({
      ...before,
      interests: before.interests.includes(interest)
        ? before.interests.filter((each) => each !== interest)
        : [...before.interests, interest],
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  const text = (field: keyof Draft, label: string, props: { type?: string; maxLength?: number } = {}) => (
    <Form.Group controlId={`hosted-${field}`} className="mb-3">
      <Form.Label className="small fw-semibold">{label}</Form.Label>
      <Form.Control
        size="sm"
        value={draft[field] as string}
        isInvalid={Boolean(fieldError(field))}
        onChange={set(field)}
        {...props}
      />
      <Form.Control.Feedback type="invalid">{fieldError(field)}</Form.Control.Feedback>
    </Form.Group>
  );
  const hasFieldErrors = error instanceof ApiError && Object.keys(error.fields).length > 0;

  return (
    <Form className="staff-card" onSubmit={submit} aria-label="Details" noValidate>
      <h2 className="h6">Details</h2>
      {error && !hasFieldErrors && <Alert variant="danger">{error.message}</Alert>}
      {siteChoice}
      <div className="staff-hosted-fields">
        {text('name', 'Name', { maxLength: 30 })}
        {text('date_of_birth', 'Date of birth', { type: 'date' })}
        {(Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field) => (
          <Form.Group key={field} controlId={`hosted-${field}`} className="mb-3">
            <Form.Label className="small fw-semibold">{CHOICE_LABELS[field]}</Form.Label>
            <Form.Select size="sm" value={draft[field]} isInvalid={Boolean(fieldError(field))} onChange={set(field)}>
              <option value="">{field === 'gender' ? 'Choose…' : 'Not said'}</option>
              {PROFILE_CHOICES[field].map((value) => (
                <option key={value} value={value}>
                  {readable(value)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{fieldError(field)}</Form.Control.Feedback>
          </Form.Group>
        ))}
        {text('country', 'Country (e.g. NL)', { maxLength: 2 })}
        {text('region', 'Region code (optional)', { maxLength: 10 })}
        {text('city', 'Town', { maxLength: 60 })}
      </div>
      <Form.Group controlId="hosted-about" className="mb-3">
        <Form.Label className="small fw-semibold">About</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={draft.about}
          isInvalid={Boolean(fieldError('about'))}
          onChange={set('about')}
        />
        <Form.Control.Feedback type="invalid">{fieldError('about')}</Form.Control.Feedback>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="small fw-semibold mb-1">
          Interests ({draft.interests.length} of at most {INTERESTS_MAX})
        </legend>
        <div className="staff-hosted-interests">
          {INTERESTS.map((interest) => (
            <Form.Check
              key={interest}
              id={`interest-${interest}`}
              label={readable(interest)}
              checked={draft.interests.includes(interest)}
              onChange={() => toggleInterest(interest)}
            />
          ))}
        </div>
        {fieldError('interests') && <p className="small text-danger mb-0">{fieldError('interests')}</p>}
      </fieldset>
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The details as operators read them. */
function Summary({ profile }: { profile: Profile }) {
  const facts: [string, string | null][] = [
    ['Born', profile.date_of_birth],
    ...(Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field): [string, string | null] => [
      CHOICE_LABELS[field],
      profile[field] && readable(profile[field]),
    ]),
    ['Lives in', [profile.city, profile.region, profile.country].filter(Boolean).join(', ') || null],
    ['Interests', profile.interests.map(readable).join(', ') || null],
  ];
  return (
    <section className="staff-card" aria-label="Details">
      <h2 className="h6">Details</h2>
      <dl className="staff-persona-facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {profile.about && <p className="staff-persona-story mb-0">{profile.about}</p>}
    </section>
  );
}
