import { displayPhone, footerPages } from '@amora/common';
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
        {company && (
          <p className="small mb-2">
            © {new Date().getFullYear()} {company.name} · {company.address}, {company.city} ·{' '}
            {t('footer.kvk', { kvk: company.kvk })} · {t('footer.vat', { vat: company.vat_numbers.join(', ') })} ·{' '}
            {t('footer.phone')}{' '}
            <a href={`tel:${displayPhone(company.support_phone)}`}>{displayPhone(company.support_phone)}</a>
          </p>
        )}
        <p className="disclaimer mb-0">{t('footer.disclaimer')}</p>
      </Container>
    </footer>
  );
}
