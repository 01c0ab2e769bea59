import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  type ProfileUpdate,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '@amora/common';
import { type FormEvent, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSettings } from '../../api/hooks';
import { FormAlert, SelectField, SubmitButton } from '../../components/form';
import { useTranslation } from '../../i18n';
import { type ProfilePartProps, useSaveProfile } from './useSaveProfile';

const CHOICES = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  hair_colour: HAIR_COLOURS,
  eye_colour: EYE_COLOURS,
  body_type: BODY_TYPES,
  relationship_status: RELATIONSHIP_STATUSES,
  tattoos: TATTOOS,
} as const;
type DetailField = keyof typeof CHOICES;
type Details = Pick<ProfileUpdate, DetailField>;

/** Gender and sexuality always (search uses them); the other details as the site lists them. */
export function DetailsForm({ profile, submitLabel, onSaved, onDraft }: ProfilePartProps) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const [details, setDetails] = useState<Details>(() =>
    Object.fromEntries(Object.keys(CHOICES).map((field) => [field, profile[field as DetailField]])),
  );
  const { save, alert, busy } = useSaveProfile(onSaved);
  const fields = (Object.keys(CHOICES) as DetailField[]).filter(
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
              {CHOICES[field].map((value) => (
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
