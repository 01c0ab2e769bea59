import '../settings/settings.scss';
import './credits.scss';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate, formatMoney } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useTransactions } from './api';
import { NoPurchases } from './NoPurchases';

/** /transactions: every purchase, newest first, each opening as an invoice. */
export default function TransactionsPage() {
  const { t, i18n } = useTranslation('credits');
  const dateLocale = useDateLocale();
  const list = useTransactions();
  useDocumentTitle(t('transactions.title'));
  return (
    <Container className="page page-reading">
      <PageTitle title={t('transactions.title')} />
      {list.isLoading && <Loading />}
      {list.isError && <Alert variant="danger">{list.error.message}</Alert>}
      {list.data?.transactions.length === 0 && <NoPurchases />}
      <ul className="settings-list list-unstyled">
        {list.data?.transactions.map((transaction) => (
          <li key={transaction.id}>
            <Link to={`/transactions/${transaction.id}`} className="settings-row-link">
              <span className="settings-row-icon">
                <Icon svg={icons.credits} />
              </span>
              <span className="settings-row-title">
                {t('transactions.item', { count: transaction.credits })}
                <span className="d-block small text-body-secondary">
                  {formatDate(transaction.created_at, dateLocale)} ·{' '}
                  {formatMoney(transaction.amount, transaction.currency, i18n.language)}
                </span>
              </span>
              <span className={`status-pill status-${transaction.status}`}>{t(`status.${transaction.status}`)}</span>
              <Icon svg={icons.next} className="settings-row-chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}
