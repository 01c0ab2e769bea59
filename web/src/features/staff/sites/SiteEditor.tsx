import { NICHE_PREFIXES, PROFILE_DETAIL_FIELDS, SEARCH_FIELDS, SERVED_COUNTRIES, type StaffSite } from '@amora/common';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useStaffWords } from '../shared/words';
import { HostNames } from './HostNames';
import { MinimumCosts } from './MinimumCosts';
import { SitePreview } from './SitePreview';
import { SiteSaveBar } from './SiteSaveBar';
import { ReadOnly, Section } from './SiteSection';
import type { SiteSettings } from './site-draft';
import { Choices, NumberField, SiteField } from './site-fields';
import { nicheKey, SECTIONS, TIME_ZONES } from './site-labels';
import { countryName, languageName } from './site-names';
import { useSiteEditor } from './useSiteEditor';

export function SiteEditor({ saved }: { saved: StaffSite }) {
  const { t, locale } = useStaffWords();
  const editor = useSiteEditor(saved);
  const {
    draft,
    reason,
    edit,
    setSetting,
    setCompany,
    settings,
    company,
    words,
    companyWords,
    text,
    number,
    toggle,
    companyText,
    companyLines,
  } = editor;

  return (
    <div className="staff-site">
      <div className="staff-site-main">
        <div className="staff-page-head">
          <Link to="/staff/sites" className="small">
            {t('sites.back')}
          </Link>
          <h1 className="h3">{saved.site.name}</h1>
          <p className="text-body-secondary mb-0">
            {saved.site.domain} · {languageName(saved.site.domain_language, locale)}
          </p>
        </div>
        <nav className="staff-site-sections" aria-label={t('sites.sectionsNav')}>
          {SECTIONS.map((id) => (
            <a key={id} href={`#site-${id}`}>
              {t(`sites.sections.${id}`)}
            </a>
          ))}
        </nav>
        {/* At the top, always in reach: the host names change at once, in their own form; the rest waits for this Save. */}
        <SiteSaveBar saved={saved} editor={editor} />
        <div className="staff-site-form">
          <Section id="general">
            <SiteField
              id="site-name"
              label={t('sites.general.name')}
              help={t('sites.general.nameHelp')}
              error={reason('name')}
            >
              {(control) => (
                <Form.Control
                  {...control}
                  value={draft.name}
                  maxLength={100}
                  onChange={(event) => edit((before) => ({ ...before, name: event.target.value }))}
                />
              )}
            </SiteField>
            <ReadOnly
              id="site-domain"
              label={t('sites.general.domain')}
              value={saved.site.domain}
              help={t('sites.general.domainHelp')}
            />
            <ReadOnly
              id="site-language"
              label={t('sites.general.language')}
              value={languageName(saved.site.domain_language, locale)}
              help={t('sites.general.languageHelp')}
            />
          </Section>
          <HostNames site={saved} />
          <Section id="company">
            {companyText('name')}
            {companyText('kvk')}
            {companyText('address')}
            {companyText('city')}
            <SiteField id="company-country" {...companyWords('country')} error={reason('company.country')}>
              {(control) => (
                <Form.Select
                  {...control}
                  value={company.country}
                  onChange={(event) => setCompany('country', event.target.value)}
                >
                  <option value="">{t('sites.company.notSaid')}</option>
                  {SERVED_COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code, locale)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </SiteField>
            {companyText('support_phone')}
            {companyLines('tradenames')}
            {companyLines('vat_numbers')}
            <NumberField
              id="company-delete_discount"
              {...companyWords('delete_discount')}
              suffix="%"
              error={reason('company.delete_discount')}
              value={company.delete_discount}
              onChange={(value) => setCompany('delete_discount', value)}
            />
          </Section>
          <Section id="texts">
            {text('index_title', 200, true)}
            <SiteField id="site-description" {...words('description')} error={reason('settings.description')} wide>
              {(control) => (
                <Form.Control
                  {...control}
                  as="textarea"
                  rows={2}
                  maxLength={500}
                  value={settings.description}
                  onChange={(event) => setSetting('description', event.target.value)}
                />
              )}
            </SiteField>
            {text('mail_name', 100)}
            {text('fictional_icon', 8)}
            {text('fictional_singular', 60)}
            {text('fictional_plural', 60)}
            <SiteField
              id="site-fictional_warning"
              {...words('fictional_warning')}
              error={reason('settings.fictional_warning')}
              wide
            >
              {(control) => (
                <Form.Control
                  {...control}
                  as="textarea"
                  rows={3}
                  maxLength={500}
                  value={settings.fictional_warning}
                  onChange={(event) => setSetting('fictional_warning', event.target.value)}
                />
              )}
            </SiteField>
          </Section>
          <Section id="members">
            <SiteField id="site-signups" {...words('signups')} error={reason('settings.signups')}>
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.signups}
                  onChange={(event) => setSetting('signups', event.target.value as SiteSettings['signups'])}
                >
                  {(['all', 'with_trafficsource', 'other'] as const).map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`sites.signups.${choice}`)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </SiteField>
            <SiteField id="site-niche" {...words('niche')} error={reason('settings.niche')}>
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.niche}
                  onChange={(event) => setSetting('niche', Number(event.target.value))}
                >
                  {NICHE_PREFIXES.map((prefix, index) => (
                    <option key={prefix} value={index + 1}>
                      {t(`sites.niches.${nicheKey(prefix)}`)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </SiteField>
            {toggle('logged_out_search')}
            {toggle('logged_out_search_trafficsource')}
            {toggle('enable_site_entry_popup')}
            {toggle('photo_moderation')}
            {toggle('visible_profile_notes')}
            <Choices
              id="site-visible_profile_fields"
              legend={words('visible_profile_fields').label}
              help={words('visible_profile_fields').help}
              error={reason('settings.visible_profile_fields')}
              options={PROFILE_DETAIL_FIELDS}
              labelOf={(field) => t(`sites.details.${field}`)}
              value={settings.visible_profile_fields}
              onChange={(value) => setSetting('visible_profile_fields', value)}
            />
            <Choices
              id="site-search_fields"
              legend={words('search_fields').label}
              help={words('search_fields').help}
              error={reason('settings.search_fields')}
              options={SEARCH_FIELDS}
              labelOf={(field) => t(`sites.filters.${field}`)}
              value={settings.search_fields}
              onChange={(value) => setSetting('search_fields', value)}
            />
          </Section>
          <Section id="money">
            {number('message_credits', 'credits')}
            {number('photo_credits', 'credits')}
            {number('gift_credits', 'credits')}
            {number('signup_credits', 'credits')}
            {number('free_messages', 'messages')}
            {number('message_length', 'characters')}
            {number('refund_days', 'days')}
            {toggle('refund_debt')}
            {toggle('member_resell')}
            <MinimumCosts
              value={settings.minimum_message_costs}
              reason={reason}
              onChange={(value) => setSetting('minimum_message_costs', value)}
            />
          </Section>
          <Section id="place">
            <Choices
              id="site-countries"
              legend={words('countries').label}
              help={words('countries').help}
              error={reason('settings.countries')}
              options={SERVED_COUNTRIES}
              labelOf={(code) => countryName(code, locale)}
              value={settings.countries}
              onChange={(value) => setSetting('countries', value)}
            />
            <SiteField id="site-time_zone" {...words('time_zone')} error={reason('settings.time_zone')}>
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.time_zone}
                  onChange={(event) => setSetting('time_zone', event.target.value)}
                >
                  {(TIME_ZONES.includes(settings.time_zone) ? TIME_ZONES : [settings.time_zone, ...TIME_ZONES]).map(
                    (zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                      </option>
                    ),
                  )}
                </Form.Select>
              )}
            </SiteField>
          </Section>
          <Section id="support">
            {text('support_email', 200)}
            {text('support_phone', 40)}
            {text('cdn_prefix', 200)}
          </Section>
          <Section id="staff">
            <SiteField
              id="site-operator_two_step"
              {...words('operator_two_step')}
              error={reason('settings.operator_two_step')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.operator_two_step}
                  onChange={(event) =>
                    setSetting('operator_two_step', event.target.value as SiteSettings['operator_two_step'])
                  }
                >
                  {(['required', 'optional'] as const).map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`sites.twoStep.${choice}`)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </SiteField>
          </Section>
        </div>
      </div>
      <aside className="staff-site-aside">
        <SitePreview name={draft.name} domain={saved.site.domain} settings={settings} />
      </aside>
    </div>
  );
}
