import { Icon } from '../../../shared/components/Icon';
import * as icons from '../../../shared/components/icons';
import { LogoMark } from '../../../shared/components/Logo';
import { useStaffWords } from '../shared/words';
import type { SiteSettings } from './site-draft';

/** The site's own address from this page: the same scheme and port, the site's domain. */
const siteAddress = (domain: string) => `//${domain}${window.location.port ? `:${window.location.port}` : ''}/`;

/**
 * How members see the site, from the values not saved yet: its top bar and headline, the label of a
 * hosted profile, and what things cost. Drawn with the member app's own styles.
 */
export function SitePreview({ name, domain, settings }: { name: string; domain: string; settings: SiteSettings }) {
  const { t } = useStaffWords();
  /** "1 credit", "10 credits"; a number being typed (empty) as "… credits". */
  const credits = (count: number) =>
    Number.isNaN(count) ? t('sites.preview.creditsTyped') : t('sites.preview.credits', { count });
  const freeMessages = (count: number) =>
    Number.isNaN(count) ? t('sites.preview.freeMessagesTyped') : t('sites.preview.freeMessages', { count });
  const label = settings.fictional_singular.charAt(0).toUpperCase() + settings.fictional_singular.slice(1);
  return (
    <section className="staff-site-preview" aria-labelledby="site-preview-title">
      <div className="d-flex align-items-baseline gap-2 mb-2">
        <h2 className="h6 mb-0 me-auto" id="site-preview-title">
          {t('sites.preview.title')}
        </h2>
        <a href={siteAddress(domain)} target="_blank" rel="noopener" className="small fw-semibold">
          {t('sites.preview.open')}
          <span className="visually-hidden"> {t('sites.preview.newTab')}</span> ↗
        </a>
      </div>
      <div className="site-preview">
        <div className="site-preview-bar">
          <span className="brand">
            <LogoMark size={28} />
            <span className="brand-name">{name || '…'}</span>
          </span>
          <span className="btn btn-primary btn-sm" aria-hidden="true">
            {t('sites.preview.join')}
          </span>
        </div>
        <div className="hero site-preview-hero">
          <p className="site-preview-title">{settings.index_title}</p>
          {settings.description && <p className="hero-lead mb-0">{settings.description}</p>}
        </div>
        <div className="site-preview-body">
          <h3 className="site-preview-heading">{t('sites.preview.hosted')}</h3>
          <div className="site-preview-profile">
            <span className="site-preview-face" aria-hidden="true">
              <Icon svg={icons.profile} />
            </span>
            <div>
              <p className="mb-1 fw-bold">
                {t('sites.preview.sample')}{' '}
                <span className="site-preview-icon" title={t('sites.preview.markTitle')}>
                  {settings.fictional_icon}
                </span>
              </p>
              <span className="hosted-pill-label">
                <Icon svg={icons.info} />
                {label}
              </span>
            </div>
          </div>
          <p className="alert alert-warning small mt-2 mb-0">{settings.fictional_warning}</p>
          <h3 className="site-preview-heading">{t('sites.preview.costs')}</h3>
          <dl className="site-preview-prices">
            <div>
              <dt>
                <Icon svg={icons.send} /> {t('sites.preview.message')}
              </dt>
              <dd>{credits(settings.message_credits)}</dd>
            </div>
            <div>
              <dt>
                <Icon svg={icons.photo} /> {t('sites.preview.photo')}
              </dt>
              <dd>{credits(settings.photo_credits)}</dd>
            </div>
            <div>
              <dt>
                <Icon svg={icons.gift} /> {t('sites.preview.gift')}
              </dt>
              <dd>{credits(settings.gift_credits)}</dd>
            </div>
          </dl>
          <p className="site-preview-welcome mb-0">
            {t('sites.preview.welcome', {
              credits: credits(settings.signup_credits),
              messages: freeMessages(settings.free_messages),
            })}
          </p>
        </div>
      </div>
    </section>
  );
}
