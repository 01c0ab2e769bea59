import './profile.scss';
import { ABOUT_MAX_LENGTH, INTERESTS_MAX, type Interest } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useInterests, useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { FormAlert, SubmitButton } from '../../shared/forms/form';
import { type ProfilePartProps, useSaveProfile } from './useSaveProfile';

export function AboutForm({ profile, submitLabel, onSaved, onDraft }: ProfilePartProps) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const { data: interests = [] } = useInterests();
  const [about, setAbout] = useState(profile.about);
  const [chosen, setChosen] = useState<string[]>(profile.interests);
  const { save, alert, busy } = useSaveProfile(onSaved);
  const toggle = (id: string) => {
    const next = chosen.includes(id) ? chosen.filter((item) => item !== id) : [...chosen, id];
    setChosen(next);
    onDraft?.({ interests: next as Interest[] });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ about, interests: chosen as Interest[] });
  };

  return (
    <Form onSubmit={submit}>
      <FormAlert alert={alert} />
      <Form.Group className="mb-3" controlId="profile-about">
        <Form.Label>{t('fields.about')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={5}
          maxLength={ABOUT_MAX_LENGTH}
          value={about}
          onChange={(e) => {
            setAbout(e.target.value);
            onDraft?.({ about: e.target.value });
          }}
          aria-describedby="profile-about-help"
        />
        <Form.Text id="profile-about-help" muted>
          {settings?.visible_profile_notes ? `${t('profile.aboutNote')} ` : ''}
          {t('profile.charactersLeft', { count: ABOUT_MAX_LENGTH - about.length })}
        </Form.Text>
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('fields.interests')}</legend>
        <p className="small text-body-secondary mb-2">{t('profile.interestsHelp', { max: INTERESTS_MAX })}</p>
        <div className="interest-chips">
          {interests.map((interest) => {
            const on = chosen.includes(interest.id);
            return (
              <button
                key={interest.id}
                type="button"
                className="chip"
                aria-pressed={on}
                disabled={!on && chosen.length >= INTERESTS_MAX}
                onClick={() => toggle(interest.id)}
              >
                {on && <Icon svg={icons.check} />}
                {interest.name}
              </button>
            );
          })}
        </div>
      </fieldset>
      {!onDraft && <SubmitButton busy={busy}>{submitLabel ?? t('profile.save')}</SubmitButton>}
    </Form>
  );
}
