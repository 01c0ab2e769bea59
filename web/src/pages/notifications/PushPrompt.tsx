import Button from 'react-bootstrap/Button';
import { useLocation } from 'react-router';
import { useUser } from '../../api/hooks';
import { useBrowserState } from '../../app/hydration';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { useTranslation } from '../../i18n';
import { usePush } from './usePush';

/** "Not now" holds for this browser, whoever signs in on it. */
const DISMISSED_KEY = 'amora.push-prompt-dismissed';
/** Pages with their own way to turn push on. */
const NOT_ON = ['/notifications', '/complete-signup'];

/**
 * Asks a member to turn on push (SPEC §2), near the thumb at the bottom of the screen: only while
 * this browser can push, has not been asked by the browser yet, and the member did not say "not now".
 */
export function PushPrompt() {
  const { t } = useTranslation('notifications');
  const { pathname } = useLocation();
  const { user } = useUser();
  const { state, turnOn } = usePush();
  const [dismissed, setDismissed] = useBrowserState(() => localStorage.getItem(DISMISSED_KEY) === '1', true);

  const askable = state === 'not_subscribed';
  if (user?.profile.signup_step !== 'done' || !askable || dismissed || NOT_ON.includes(pathname)) {
    return null;
  }
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setDismissed(true);
  };
  return (
    <section className="push-prompt shadow" aria-labelledby="push-prompt-title">
      <span className="push-prompt-icon" aria-hidden="true">
        <Icon svg={icons.bell} />
      </span>
      <div className="push-prompt-text">
        <h2 className="h6 mb-1" id="push-prompt-title">
          {t('prompt.title')}
        </h2>
        <p className="small mb-2">{t('prompt.body')}</p>
        <div className="d-flex gap-2">
          <Button
            size="sm"
            onClick={() => turnOn.mutate(undefined, { onSettled: dismiss })}
            disabled={turnOn.isPending}
          >
            {t('prompt.enable')}
          </Button>
          <Button size="sm" variant="link" onClick={dismiss}>
            {t('prompt.later')}
          </Button>
        </div>
      </div>
    </section>
  );
}
