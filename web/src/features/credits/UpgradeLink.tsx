import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';

/** Where every upgrade alert leads: the bundles, the first of which makes the member premium. */
export function UpgradeLink({ className = 'btn btn-sm btn-primary' }: { className?: string }) {
  const { t } = useTranslation('credits');
  return (
    <Link to="/credits" className={className}>
      <Icon svg={icons.premium} /> {t('getPremium')}
    </Link>
  );
}
