import type { User } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useLocation } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useUpdateNotifications } from './api';

const DISMISSED_KEY = 'amora.mail-off-dismissed';

/**
 * Whether to show SPEC §2's disabled-notifications alert: while notification mail is off, except
 * on the unsubscribe page. Closing it is remembered for these reasons; a new reason shows it
 * again. Null when there is nothing to show.
 */
export function useMailOffAlert() {
  const { pathname } = useLocation();
  const { user } = useUser();
  const [dismissedNow, setDismissedNow] = useState<string | null>(null);
  if (!user || user.notifications_disabled.length === 0 || pathname === '/unsubscribe') return null;
  const key = `${DISMISSED_KEY}.${user.id}`;
  const reasons = [...user.notifications_disabled].sort().join(',');
  if (dismissedNow === reasons || localStorage.getItem(key) === reasons) return null;
  const dismiss = () => {
    localStorage.setItem(key, reasons);
    setDismissedNow(reasons);
  };
  return { user, dismiss };
}

/** Why no notification mail goes out, and the way to turn it back on. */
export function MailOffAlert({ user, dismiss }: { user: User; dismiss: () => void }) {
  const { t } = useTranslation('notifications');
  const update = useUpdateNotifications();
  return (
    <Container className="pt-3">
      <Alert
        variant="warning"
        className="mail-off-alert"
        dismissible
        onClose={dismiss}
        closeLabel={t('app:common.close')}
      >
        <Alert.Heading as="h2" className="h6">
          {t('mailOff.title')}
        </Alert.Heading>
        {user.notifications_disabled.map((reason) => (
          <p className="mb-2" key={reason}>
            {t(`mailOff.reasons.${reason}`, { email: user.email })}
          </p>
        ))}
        <Button size="sm" variant="dark" onClick={() => update.mutate({ mail_on: true })} disabled={update.isPending}>
          {t('mailOff.turnOn')}
        </Button>
      </Alert>
    </Container>
  );
}
