import '../settings/settings.scss';
import { LOCALES, type Locale } from '@amora/common';
import Container from 'react-bootstrap/Container';
import { useNavigate } from 'react-router';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { NATIVE_NAMES, suggestedLocales, useChooseLocale } from '../../shared/components/languages';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

/** /lang-config: the languages of the visitor's country first, then all; choosing one goes home in it. */
export default function LangConfigPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('langConfig.title'));
  const { data: settings } = useSettings();
  const suggested = suggestedLocales(settings?.geoip_country);
  const others = LOCALES.filter((locale) => !suggested.includes(locale));

  return (
    <Container className="page page-reading">
      <PageTitle title={t('langConfig.title')} />
      {suggested.length > 0 && <LocaleList title={t('langConfig.suggested')} id="suggested" locales={suggested} />}
      <LocaleList title={t('langConfig.all')} id="all" locales={others} />
    </Container>
  );
}

function LocaleList({ title, id, locales }: { title: string; id: string; locales: readonly Locale[] }) {
  const { i18n } = useTranslation();
  const choose = useChooseLocale();
  const navigate = useNavigate();
  return (
    <section className="mb-4" aria-labelledby={`languages-${id}`}>
      <h2 className="h6 text-body-secondary" id={`languages-${id}`}>
        {title}
      </h2>
      <div className="settings-list">
        {locales.map((locale) => (
          <button
            key={locale}
            type="button"
            lang={locale}
            className="settings-row-link language-choice"
            aria-current={locale === i18n.language || undefined}
            onClick={async () => {
              await choose(locale);
              navigate('/');
            }}
          >
            <span className="settings-row-title">{NATIVE_NAMES[locale]}</span>
            {locale === i18n.language && <Icon svg={icons.check} className="text-primary" />}
          </button>
        ))}
      </div>
    </section>
  );
}
