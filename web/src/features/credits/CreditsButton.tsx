import './credits.scss';
import { CREDITS_BADGE_THRESHOLD, type User } from '@amora/common';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/**
 * The top bar's way to credits: every member sees the balance (the signup credits too), marked when
 * 10 or fewer (warning above 0, danger at 0); a member who never paid is offered premium beside it.
 */
export function CreditsButton({ user }: { user: User }) {
  const { t, i18n } = useTranslation('credits');
  const low = user.credits <= CREDITS_BADGE_THRESHOLD;
  const tone = user.credits === 0 ? 'danger' : 'warning';
  return (
    <>
      <Link
        to="/credits"
        className={`btn btn-sm credits-button${low ? ` credits-button-${tone}` : ''}`}
        aria-label={t('balance', { count: user.credits })}
      >
        <Icon svg={icons.credits} /> <span>{formatNumber(user.credits, i18n.language)}</span>
      </Link>
      {!user.paid_user && (
        <Link to="/credits" className="btn btn-sm btn-secondary premium-button">
          <Icon svg={icons.premium} /> <span className="premium-button-label">{t('getPremium')}</span>
        </Link>
      )}
    </>
  );
}
