import './credits.scss';
import { CREDITS_BADGE_THRESHOLD, type User } from '@amora/common';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/**
 * The top bar's way to credits: every member sees the balance (the signup credits too), in caution's
 * amber when 10 or fewer (none included: an empty balance is no error); a member who never paid is
 * offered premium beside it.
 */
export function CreditsButton({ user }: { user: User }) {
  const { t, i18n } = useTranslation('credits');
  const low = user.credits <= CREDITS_BADGE_THRESHOLD;
  return (
    <>
      <Link
        to="/credits"
        className={`btn btn-sm credits-button${low ? ' credits-button-low' : ''}`}
        aria-label={t('balance', { count: user.credits })}
      >
        <Icon svg={icons.credits} /> <span>{formatNumber(user.credits, i18n.language)}</span>
      </Link>
      {!user.paid_user && (
        <Link to="/credits" className="btn btn-sm btn-primary premium-button">
          <Icon svg={icons.premium} /> <span className="premium-button-label">{t('getPremium')}</span>
        </Link>
      )}
    </>
  );
}
