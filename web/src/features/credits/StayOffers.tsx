import { moneyRoutes } from '@amora/common/routes/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';

/**
 * The alternatives to leaving that cost the member less (SPEC §2): the trial package for one who
 * never paid, and the company's discount, taken in one step to the bundles with it applied.
 */
export function StayOffers() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const offer = useQuery({
    queryKey: ['retention-offer'],
    queryFn: () => api(moneyRoutes.retentionOffer),
  });
  const take = useMutation({
    mutationFn: () => api(moneyRoutes.takeRetentionOffer),
    onSuccess: ({ code }) => navigate(`/credits?code=${encodeURIComponent(code)}`),
  });
  if (!offer.data) return null;
  const { trial, discount_percentage } = offer.data;
  return (
    <>
      {trial && (
        <li>
          <Link to={`/credits/${trial.id}`}>
            {t('settings.delete.alternativeTrial', {
              count: trial.credits,
              price: formatMoney(trial.price, trial.currency, i18n.language),
            })}
          </Link>
        </li>
      )}
      {discount_percentage > 0 && (
        <li>
          <button type="button" className="btn btn-link p-0 align-baseline text-start" onClick={() => take.mutate()}>
            {t('settings.delete.alternativeDiscount', { percentage: discount_percentage })}
          </button>
          {take.isError && <span className="d-block text-danger small">{take.error.message}</span>}
        </li>
      )}
    </>
  );
}
