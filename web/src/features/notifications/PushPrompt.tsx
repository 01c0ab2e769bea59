import '../settings/settings.scss';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { useBrowserState } from '../../shared/hydration';
import { usePush } from './usePush';

/** "Not now" holds for this browser, whoever signs in on it. */
const DISMISSED_KEY = 'amora.push-prompt-dismissed';

/** "Not now" for this browser: said in the prompt, or by skipping push in the signup steps. */
export function dismissPushPrompt() {
  localStorage.setItem(DISMISSED_KEY, '1');
}

/**
 * Asks a member to turn on push (SPEC §2) when it has a reason: in the page's flow where the
 * member's conversations are, in the match popup after a match, and in a conversation once the
 * member wrote in it; never over the page's actions. Only while this browser can push, has not
 * been asked by the browser yet, and the member did not say "not now".
 */
export function PushPrompt({ className = '' }: { className?: string }) {
  const { t } = useTranslation('notifications');
  const titleId = useId();
  const { user } = useUser();
  const { state, turnOn } = usePush();
  const [dismissed, setDismissed] = useBrowserState(() => localStorage.getItem(DISMISSED_KEY) === '1', true);

  const askable = state === 'not_subscribed';
  if (user?.profile.signup_step !== 'done' || !askable || dismissed) return null;
  const dismiss = () => {
    dismissPushPrompt();
    setDismissed(true);
  };
  return (
    <section className={`push-prompt ${className}`} aria-labelledby={titleId}>
      <span className="push-prompt-icon" aria-hidden="true">
        <Icon svg={icons.bell} />
      </span>
      <div className="push-prompt-text">
        <h2 className="h6 mb-1" id={titleId}>
          {t('prompt.title')}
        </h2>
        <p className="small mb-2">{t('prompt.body')}</p>
        <div className="button-row">
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
