import { type CompanyInfo, displayPhone, footerPages } from '@amora/common';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useCompanyInfo, useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';

export function Footer() {
  const { t, i18n } = useTranslation();
  const { data: company } = useCompanyInfo();
  const { data: settings } = useSettings();

  return (
    <footer className="site-footer mt-5 py-4">
      <Container>
        <nav aria-label={t('footer.label')}>
          <ul className="list-inline mb-3">
            {footerPages(i18n.language).map((slug) => (
              <li key={slug} className="list-inline-item me-3">
                <Link to={`/pages/${slug}`}>{t(`pages:${slug}.title`, { ns: 'pages' })}</Link>
              </li>
            ))}
            <li className="list-inline-item me-3">
              <Link to="/pricing">{t('footer.pricing')}</Link>
            </li>
            <li className="list-inline-item me-3">
              <Link to="/complaints">{t('footer.complaints')}</Link>
            </li>
            {settings && (
              <li className="list-inline-item">
                <a href={`mailto:${settings.support_email}`}>{t('footer.support')}</a>
              </li>
            )}
          </ul>
        </nav>
        {company && <CompanyLine company={company} />}
        <p className="disclaimer mb-0">{t('footer.disclaimer')}</p>
      </Container>
    </footer>
  );
}

/** The company's details; those not filled in yet (a new site's) are left out, not shown empty. */
function CompanyLine({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation();
  const phone = displayPhone(company.support_phone);
  const details = [
    `© ${new Date().getFullYear()} ${company.name}`,
    [company.address, company.city].filter(Boolean).join(', '),
    company.kvk && t('footer.kvk', { kvk: company.kvk }),
    company.vat_numbers.length > 0 && t('footer.vat', { vat: company.vat_numbers.join(', ') }),
  ].filter(Boolean);
  return (
    <p className="small mb-2">
      {details.join(' · ')}
      {phone && (
        <>
          {' · '}
          {t('footer.phone')} <a href={`tel:${phone}`}>{phone}</a>
        </>
      )}
    </p>
  );
}
