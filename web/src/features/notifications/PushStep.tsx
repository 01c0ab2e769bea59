import '../settings/settings.scss';
import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { usePush } from './usePush';

/** The push opt-in step of complete-signup; a browser that cannot ask (or was asked) moves on by itself. */
export function PushStep({ onDone, busy }: { onDone: () => void; busy: boolean }) {
  const { t } = useTranslation('notifications');
  const { state, turnOn } = usePush();
  const askable = state === 'not_subscribed';
  const movedOn = useRef(false);
  useEffect(() => {
    if (state === null || askable || movedOn.current) return;
    movedOn.current = true;
    onDone();
  }, [state, askable, onDone]);
  if (!askable) return null;
  return (
    <div className="text-center">
      <span className="push-step-icon" aria-hidden="true">
        <Icon svg={icons.bell} />
      </span>
      <Button
        className="w-100 mt-3"
        onClick={() => turnOn.mutate(undefined, { onSettled: onDone })}
        disabled={turnOn.isPending || busy}
      >
        {t('step.enable')}
      </Button>
    </div>
  );
}
