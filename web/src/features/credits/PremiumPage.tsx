import './credits.scss';
import { FREE_CONVERSATIONS, FREE_PHOTO_LIMIT, PREMIUM_PHOTO_LIMIT } from '@amora/common';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMember } from '../accounts/member-context';
import { useOffer } from './api';
import { FreeAllowance } from './FreeAllowance';

/**
 * /premium: what premium unlocks next to a free membership, and how to get it (the first bundle,
 * no subscription). Only claims the site can stand behind.
 */
export default function PremiumPage() {
  const { t, i18n } = useTranslation('credits');
  const user = useMember();
  const offer = useOffer();
  useDocumentTitle(t('premium.title'));
  const cheapest = offer.data?.bundles[0];

  const rows = [
    { what: t('premium.rows.photos'), free: false, premium: true },
    {
      what: t('premium.rows.uploads', { premium: PREMIUM_PHOTO_LIMIT }),
      free: t('premium.rows.uploadsFree', { count: FREE_PHOTO_LIMIT }),
      premium: true,
    },
    {
      what: t('premium.rows.conversations'),
      free: t('premium.rows.conversationsFree', { count: FREE_CONVERSATIONS }),
      premium: true,
    },
    { what: t('premium.rows.search'), free: true, premium: true },
  ];

  return (
    <Container className="page page-reading">
      <PageTitle
        title={
          <>
            <Icon svg={icons.premium} className="premium-title-icon" />{' '}
            {user.paid_user ? t('premium.youArePremium') : t('premium.title')}
          </>
        }
        lead={user.paid_user ? t('balance', { count: user.credits }) : t('premium.intro')}
        actions={
          <Link to="/credits" className="btn btn-primary btn-lg">
            {user.paid_user
              ? t('transactions.buy')
              : cheapest
                ? t('premium.from', { price: formatMoney(cheapest.price, cheapest.currency, i18n.language) })
                : t('premium.choose')}
          </Link>
        }
      />
      <table className="premium-table">
        <caption className="visually-hidden">{t('premium.compare')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('premium.feature')}</span>
            </th>
            <th scope="col">{t('premium.free')}</th>
            <th scope="col">{t('premium.premium')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.what}>
              <th scope="row">{row.what}</th>
              <td>
                <Mark value={row.free} />
              </td>
              <td>
                <Mark value={row.premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {offer.data && <FreeAllowance offer={offer.data} />}
      <ul className="premium-notes list-unstyled mt-4">
        <li>
          <Icon svg={icons.credits} /> {t('premium.notes.credits')}
        </li>
        <li>
          <Icon svg={icons.check} /> {t('premium.notes.noSubscription')}
        </li>
      </ul>
    </Container>
  );
}

function Mark({ value }: { value: boolean | string }) {
  const { t } = useTranslation('credits');
  if (typeof value === 'string') return <span className="small">{value}</span>;
  return value ? (
    <Icon svg={icons.paid} className="premium-yes" label={t('premium.yes')} />
  ) : (
    <Icon svg={icons.failed} className="premium-no" label={t('premium.no')} />
  );
}
