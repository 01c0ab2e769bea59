import { INTERESTS, INTERESTS_MAX, PROFILE_CHOICES, type ProfileChoiceField } from '@amora/common';
import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { StaffField } from '../shared/StaffField';
import { CHOICE_LABELS, type Draft, draftOf, type Profile, readable } from './profile-draft';

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
      <Form.Control
        size="sm"
        value={draft[field] as string}
        isInvalid={Boolean(fieldError(field))}
        onChange={set(field)}
        {...props}
      />
    </StaffField>
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
