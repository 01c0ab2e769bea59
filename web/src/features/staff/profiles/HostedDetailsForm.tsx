import { INTERESTS, INTERESTS_MAX, PROFILE_CHOICES, type ProfileChoiceField } from '@amora/common';
import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { fieldControl, StaffField } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import { type Draft, draftOf, type Profile, readable } from './profile-draft';

export function DetailsForm({
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
  const { t } = useStaffWords();
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
    <StaffField id={`hosted-${field}`} label={label} error={fieldError(field)} className="mb-3">
      {(control) => <Form.Control {...control} value={draft[field] as string} onChange={set(field)} {...props} />}
    </StaffField>
  );
  const interests = fieldControl('hosted-interests', { error: fieldError('interests') });
  const hasFieldErrors = error instanceof ApiError && Object.keys(error.fields).length > 0;

  return (
    <Form className="staff-card" onSubmit={submit} aria-label={t('profiles.details')} noValidate>
      <h2 className="h6">{t('profiles.details')}</h2>
      {error && !hasFieldErrors && <Alert variant="danger">{error.message}</Alert>}
      {siteChoice}
      <div className="staff-hosted-fields">
        {text('name', t('profiles.columns.name'), { maxLength: 30 })}
        {text('date_of_birth', t('profiles.dateOfBirth'), { type: 'date' })}
        {(Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).map((field) => (
          <StaffField
            key={field}
            id={`hosted-${field}`}
            label={t(`profiles.choices.${field}`)}
            error={fieldError(field)}
            className="mb-3"
          >
            {(control) => (
              <Form.Select {...control} value={draft[field]} onChange={set(field)}>
                <option value="">{t(field === 'gender' ? 'profiles.choose' : 'profiles.notSaid')}</option>
                {PROFILE_CHOICES[field].map((value) => (
                  <option key={value} value={value}>
                    {readable(value)}
                  </option>
                ))}
              </Form.Select>
            )}
          </StaffField>
        ))}
        {text('country', t('profiles.country', { example: 'NL' }), { maxLength: 2 })}
        {text('region', t('profiles.region'), { maxLength: 10 })}
        {text('city', t('profiles.columns.town'), { maxLength: 60 })}
      </div>
      <StaffField id="hosted-about" label={t('profiles.about')} error={fieldError('about')} className="mb-3">
        {(control) => <Form.Control {...control} as="textarea" rows={4} value={draft.about} onChange={set('about')} />}
      </StaffField>
      <fieldset className="mb-3" aria-describedby={interests['aria-describedby']}>
        <legend className="small fw-semibold mb-1">
          {t('profiles.interestsChosen', { chosen: draft.interests.length, max: INTERESTS_MAX })}
        </legend>
        <div className="staff-hosted-interests">
          {INTERESTS.map((interest) => (
            <Form.Check
              key={interest}
              id={`interest-${interest}`}
              label={readable(interest)}
              checked={draft.interests.includes(interest)}
              aria-invalid={interests['aria-invalid']}
              onChange={() => toggleInterest(interest)}
            />
          ))}
        </div>
        {fieldError('interests') && (
          <p className="small text-danger mb-0" id="hosted-interests-error">
            {fieldError('interests')}
          </p>
        )}
      </fieldset>
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
