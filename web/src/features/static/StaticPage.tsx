import { displayPhone, isStaticPageSlug } from '@amora/common';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { useCompanyInfo, useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate } from '../../i18n/format';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';

interface Section {
  heading: string;
  body: string;
}

/**
 * Terms, privacy, cookies, ban policy, FAQ, return policy and service pages, filled with the site's
 * company details; at /pages/{page} and at their short address /{token}.
 */
export default function StaticPage() {
  const { page, token } = useParams();
  const slug = page ?? token;
  const { t } = useTranslation('pages');
  const dateLocale = useDateLocale();
  const { data: company } = useCompanyInfo();
  const { data: settings } = useSettings();
  const known = isStaticPageSlug(slug);
  useDocumentTitle(known ? t(`${slug}.title`) : '');
  if (!known) return <ErrorPage status={404} />;
  if (!company || !settings) return <Loading />;

  const values = {
    site: settings.name,
    company: company.name,
    address: `${company.address}, ${company.city}`,
    kvk: company.kvk,
    vat: company.vat_numbers.join(', '),
    tradenames: company.tradenames.join(', ') || company.name,
    email: settings.support_email,
    phone: displayPhone(company.support_phone),
    refundDays: settings.refund_days,
    date: formatDate(settings.terms_version_date, dateLocale),
  };
  const sections = t(`${slug}.sections`, { returnObjects: true, ...values }) as Section[];
  return (
    <Container as="article" className="page page-reading">
      <PageTitle title={t(`${slug}.title`)} />
      {sections.map((section) => (
        <section key={section.heading} className="mb-4">
          <h2 className="h5">{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </Container>
  );
}
