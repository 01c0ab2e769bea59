import Button from 'react-bootstrap/Button';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import * as icons from '../../shared/components/icons';
import { SettingsSection } from '../settings/SettingsSection';
import { usePush } from './usePush';

/** Push on this device: its state, and the one action that state allows. */
export function PushSection() {
  const { t } = useTranslation('notifications');
  const { data: settings } = useSettings();
  const { state, turnOn, turnOff } = usePush();
  if (!state) return null;
  const site = settings?.name;
  return (
    <SettingsSection
      id="push"
      icon={state === 'subscribed' ? icons.bell : icons.bellOff}
      title={t('push.title')}
      value={t(`push.states.${state}`)}
    >
      {state === 'unsupported' && <p className="mb-0">{t('push.unsupportedHelp', { site })}</p>}
      {state === 'denied' && <p className="mb-0">{t('push.deniedHelp', { site })}</p>}
      {(state === 'not_subscribed' || state === 'subscribed') && <p>{t('push.intro', { site })}</p>}
      {state === 'not_subscribed' && (
        <Button className="w-100" onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
          {t('push.enable')}
        </Button>
      )}
      {state === 'subscribed' && (
        <Button
          variant="outline-secondary"
          className="w-100"
          onClick={() => turnOff.mutate()}
          disabled={turnOff.isPending}
        >
          {t('push.disable')}
        </Button>
      )}
      {turnOn.isError && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {t('push.failed')}
        </p>
      )}
    </SettingsSection>
  );
}
