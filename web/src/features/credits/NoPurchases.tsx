import { Link } from 'react-router';
import { useTranslation } from '../../i18n';

/** A member who has bought nothing yet, and the way to the bundles. */
export function NoPurchases() {
  const { t } = useTranslation('credits');
  return (
    <div className="text-center py-4">
      <p>{t('transactions.none')}</p>
      <Link to="/credits" className="btn btn-primary">
        {t('transactions.buy')}
      </Link>
    </div>
  );
}
