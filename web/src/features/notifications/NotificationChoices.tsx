import '../settings/settings.scss';
import type { NotificationPreference } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { useNotificationChoices, useUpdateNotifications } from './api';

const CHANNELS = ['mail', 'push'] as const;
type Channel = (typeof CHANNELS)[number];

/** The eight notification types, each with an email and a push switch; a change is saved at once. */
export function NotificationChoices() {
  const { t } = useTranslation('notifications');
  const { data: settings } = useSettings();
  const choices = useNotificationChoices();
  const update = useUpdateNotifications();
  const [status, setStatus] = useState<'saved' | 'failed' | null>(null);
  if (!choices.data) return <Loading />;

  const change = (choice: NotificationPreference, channel: Channel, on: boolean) => {
    setStatus(null);
    update.mutate(
      { preferences: [{ type: choice.type, [channel]: on }] },
      { onSuccess: () => setStatus('saved'), onError: () => setStatus('failed') },
    );
  };

  return (
    <section className="notification-choices" aria-labelledby="choices-title">
      <h2 className="h5 mb-1" id="choices-title">
        {t('choices.title')}
      </h2>
      <p className="text-body-secondary small mb-3">{t('choices.intro')}</p>
      <table className="choices-table">
        <thead>
          <tr>
            <th scope="col" className="visually-hidden">
              {t('choices.type')}
            </th>
            {CHANNELS.map((channel) => (
              <th scope="col" key={channel} className="choices-channel">
                {t(`channels.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {choices.data.preferences.map((choice) => {
            const label = t(`types.${choice.type}.label`);
            return (
              <tr key={choice.type}>
                <th scope="row">
                  <span className="choices-label">{label}</span>
                  <span className="choices-hint">{t(`types.${choice.type}.hint`, { site: settings?.name })}</span>
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="choices-channel">
                    {/* The label is the 44 px target around the small switch. */}
                    <label className="choices-switch form-check form-switch">
                      <input
                        type="checkbox"
                        role="switch"
                        aria-checked={choice[channel]}
                        className="form-check-input"
                        checked={choice[channel]}
                        onChange={(event) => change(choice, channel, event.target.checked)}
                      />
                      <span className="visually-hidden">
                        {t('choices.switch', { type: label, channel: t(`channels.${channel}`) })}
                      </span>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="small mt-2 mb-0" aria-live="polite">
        {status === 'saved' && <span className="text-success">{t('choices.saved')}</span>}
      </p>
      {status === 'failed' && (
        <Alert variant="danger" className="mt-2 mb-0">
          {t('choices.failed')}
        </Alert>
      )}
    </section>
  );
}
