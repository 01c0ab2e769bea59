import { PROFILE_CHOICES, type ProfileChoiceField, type ProfileUpdate } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { FormAlert, SelectField, SubmitButton } from '../../shared/forms/form';
import { type ProfilePartProps, useSaveProfile } from './useSaveProfile';

type Details = Pick<ProfileUpdate, ProfileChoiceField>;

/** Gender and sexuality always (search uses them); the other details as the site lists them. */
export function DetailsForm({ profile, submitLabel, onSaved, onDraft }: ProfilePartProps) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const [details, setDetails] = useState<Details>(() =>
    Object.fromEntries(Object.keys(PROFILE_CHOICES).map((field) => [field, profile[field as ProfileChoiceField]])),
  );
  const { save, alert, busy } = useSaveProfile(onSaved);
  const fields = (Object.keys(PROFILE_CHOICES) as ProfileChoiceField[]).filter(
    (field) => field === 'gender' || field === 'sexuality' || settings?.visible_profile_fields.includes(field),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(details);
  };

  return (
    <Form onSubmit={submit}>
      <FormAlert alert={alert} />
      {settings?.visible_profile_notes && <p className="small text-body-secondary">{t('profile.detailsNote')}</p>}
      <Row className="g-3 mb-3">
        {fields.map((field) => (
          <Col xs={12} sm={6} key={field}>
            <SelectField
              id={`profile-${field}`}
              label={t(`fields.${field}`)}
              value={details[field] ?? ''}
              onChange={(value) => {
                setDetails((current) => ({ ...current, [field]: value || null }));
                onDraft?.({ [field]: value || null });
              }}
            >
              <option value="">{t('profile.notSaying')}</option>
              {PROFILE_CHOICES[field].map((value) => (
                <option key={value} value={value}>
                  {t(`values.${field}.${value}`)}
                </option>
              ))}
            </SelectField>
          </Col>
        ))}
      </Row>
      {!onDraft && <SubmitButton busy={busy}>{submitLabel ?? t('profile.save')}</SubmitButton>}
    </Form>
  );
}
