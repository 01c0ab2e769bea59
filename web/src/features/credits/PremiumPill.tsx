import './credits.scss';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/** A premium member's mark: in the action colour, with the gem, leading to what premium unlocks (/premium). */
export function PremiumPill() {
  const { t } = useTranslation('credits');
  return (
    <Link to="/premium" className="premium-pill" aria-label={t('premium.youArePremium')}>
      <Icon svg={icons.premium} /> {t('premium.premium')}
    </Link>
  );
}
