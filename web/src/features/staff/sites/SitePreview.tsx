import { Icon } from '../../../shared/components/Icon';
import * as icons from '../../../shared/components/icons';
import { LogoMark } from '../../../shared/components/Logo';
import type { SiteSettings } from './site-draft';

/** The site's own address from this page: the same scheme and port, the site's domain. */
const siteAddress = (domain: string) => `//${domain}${window.location.port ? `:${window.location.port}` : ''}/`;

/** "1 credit", "10 credits"; a number being typed (empty) as "…". */
const counted = (count: number, one: string, many: string) =>
  Number.isNaN(count) ? `… ${many}` : `${count} ${count === 1 ? one : many}`;
const credits = (count: number) => counted(count, 'credit', 'credits');

/**
 * How members see the site, from the values not saved yet: its top bar and headline, the label of a
 * hosted profile, and what things cost. Drawn with the member app's own styles.
 */
export function SitePreview({ name, domain, settings }: { name: string; domain: string; settings: SiteSettings }) {
  const label = settings.fictional_singular.charAt(0).toUpperCase() + settings.fictional_singular.slice(1);
  return (
    <section className="staff-site-preview" aria-labelledby="site-preview-title">
      <div className="d-flex align-items-baseline gap-2 mb-2">
        <h2 className="h6 mb-0 me-auto" id="site-preview-title">
          Preview
        </h2>
        <a href={siteAddress(domain)} target="_blank" rel="noopener" className="small fw-semibold">
          Open the site<span className="visually-hidden"> (opens in a new tab)</span> ↗
        </a>
      </div>
      <div className="site-preview">
        <div className="site-preview-bar">
          <span className="brand">
            <LogoMark size={28} />
            <span className="brand-name">{name || '…'}</span>
          </span>
          <span className="btn btn-primary btn-sm" aria-hidden="true">
            Join
          </span>
        </div>
        <div className="hero site-preview-hero">
          <p className="site-preview-title">{settings.index_title}</p>
          {settings.description && <p className="hero-lead mb-0">{settings.description}</p>}
        </div>
        <div className="site-preview-body">
          <h3 className="site-preview-heading">A hosted profile</h3>
          <div className="site-preview-profile">
            <span className="site-preview-face" aria-hidden="true">
              <Icon svg={icons.profile} />
            </span>
            <div>
              <p className="mb-1 fw-bold">
                Anna, 34{' '}
                <span className="site-preview-icon" title="The mark beside a hosted profile's name in chats">
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
          <h3 className="site-preview-heading">What things cost</h3>
          <dl className="site-preview-prices">
            <div>
              <dt>
                <Icon svg={icons.send} /> A message
              </dt>
              <dd>{credits(settings.message_credits)}</dd>
            </div>
            <div>
              <dt>
                <Icon svg={icons.photo} /> A photo
              </dt>
              <dd>{credits(settings.photo_credits)}</dd>
            </div>
            <div>
              <dt>
                <Icon svg={icons.gift} /> A gift
              </dt>
              <dd>{credits(settings.gift_credits)}</dd>
            </div>
          </dl>
          <p className="site-preview-welcome mb-0">
            New members get {credits(settings.signup_credits)} and{' '}
            {counted(settings.free_messages, 'free message', 'free messages')}.
          </p>
        </div>
      </div>
    </section>
  );
}
