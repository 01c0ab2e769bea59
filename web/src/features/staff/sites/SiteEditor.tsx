import { NICHE_PREFIXES, PROFILE_DETAIL_FIELDS, SEARCH_FIELDS, SERVED_COUNTRIES, type StaffSite } from '@amora/common';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { HostNames } from './HostNames';
import { MinimumCosts } from './MinimumCosts';
import { SitePreview } from './SitePreview';
import { SiteSaveBar } from './SiteSaveBar';
import { ReadOnly, Section } from './SiteSection';
import type { SiteSettings } from './site-draft';
import { Choices, NumberField, SiteField } from './site-fields';
import { DETAIL_LABELS, NICHES, SEARCH_LABELS, SECTIONS, TIME_ZONES } from './site-labels';
import { countryName, languageName } from './site-names';
import { useSiteEditor } from './useSiteEditor';

export function SiteEditor({ saved }: { saved: StaffSite }) {
  const editor = useSiteEditor(saved);
  const {
    draft,
    reason,
    edit,
    setSetting,
    setCompany,
    settings,
    company,
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
            ← Sites
          </Link>
          <h1 className="h3">{saved.site.name}</h1>
          <p className="text-body-secondary mb-0">
            {saved.site.domain} · {languageName(saved.site.domain_language)}
          </p>
        </div>
        <nav className="staff-site-sections" aria-label="Sections">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#site-${id}`}>
              {label}
            </a>
          ))}
        </nav>
        {/* At the top, always in reach: the host names change at once, in their own form; the rest waits for this Save. */}
        <SiteSaveBar saved={saved} editor={editor} />
        <div className="staff-site-form">
          <Section id="general" title="General" intro="What the site is called and where it lives.">
            <SiteField
              id="site-name"
              label="Name"
              help="In the top bar, the browser tab and every mail."
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
            <ReadOnly id="site-domain" label="Domain" value={saved.site.domain} help="Set when the site was added." />
            <ReadOnly
              id="site-language"
              label="Language"
              value={languageName(saved.site.domain_language)}
              help="Visitors see the site in it first; members may choose another."
            />
          </Section>
          <HostNames site={saved} />
          <Section id="company" title="Company" intro="Who runs the site: on invoices, the terms and the contact page.">
            {companyText('name', 'Company name', 'The legal name, e.g. Example B.V.')}
            {companyText('kvk', 'KvK / registration number', 'The chamber of commerce number.')}
            {companyText('address', 'Address', 'Street and number.')}
            {companyText('city', 'City', 'With the postcode, as on letters.')}
            <SiteField
              id="company-country"
              label="Country"
              help="Where the company is registered."
              error={reason('company.country')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={company.country}
                  onChange={(event) => setCompany('country', event.target.value)}
                >
                  <option value="">Not said</option>
                  {SERVED_COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </SiteField>
            {companyText('support_phone', 'Support phone', "The company's number, on invoices and the contact page.")}
            {companyLines('tradenames', 'Trade names', 'One a line: the names the company trades under.')}
            {companyLines('vat_numbers', 'VAT numbers', 'One a line, e.g. NL123456789B01.')}
            <NumberField
              id="company-delete_discount"
              label="Discount to stay"
              help="Offered to a member about to delete their account; 0 offers none."
              suffix="%"
              error={reason('company.delete_discount')}
              value={company.delete_discount}
              onChange={(value) => setCompany('delete_discount', value)}
            />
          </Section>
          <Section id="texts" title="Texts" intro="The site's own words, in its language.">
            {text('index_title', 'Headline', 'How the site introduces itself, under its name.', 200, true)}
            <SiteField
              id="site-description"
              label="Description"
              help="A sentence or two about the site; also the installed app's description."
              error={reason('settings.description')}
              wide
            >
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
            {text('mail_name', 'Sender name of mails', 'Members see mails come from this name.', 100)}
            {text(
              'fictional_icon',
              'Hosted profile mark',
              "A character or emoji beside a hosted profile's name in chats.",
              8,
            )}
            {text(
              'fictional_singular',
              'A hosted profile is called',
              'On the label of each, e.g. "hosted profile".',
              60,
            )}
            {text(
              'fictional_plural',
              'Hosted profiles are called',
              'Where several are meant, e.g. "hosted profiles".',
              60,
            )}
            <SiteField
              id="site-fictional_warning"
              label="Hosted profile warning"
              help="Shown on every hosted profile: that the team runs it and no meeting is possible."
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
          <Section id="members" title="Members" intro="Who may join, what visitors see, and what profiles show.">
            <SiteField
              id="site-signups"
              label="Who may sign up"
              help="A traffic source is an ad or partner link a visitor came by."
              error={reason('settings.signups')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.signups}
                  onChange={(event) => setSetting('signups', event.target.value as SiteSettings['signups'])}
                >
                  <option value="all">Everyone</option>
                  <option value="with_trafficsource">Only visitors from a traffic source</option>
                  <option value="other">Nobody: sign-ups closed</option>
                </Form.Select>
              )}
            </SiteField>
            <SiteField
              id="site-niche"
              label="Niche"
              help="Whom the landing pages for ads show."
              error={reason('settings.niche')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.niche}
                  onChange={(event) => setSetting('niche', Number(event.target.value))}
                >
                  {NICHE_PREFIXES.map((prefix, index) => (
                    <option key={prefix} value={index + 1}>
                      {NICHES[prefix]}
                    </option>
                  ))}
                </Form.Select>
              )}
            </SiteField>
            {toggle(
              'logged_out_search',
              'Visitors may browse profiles',
              'Before signing up, visitors search and see profiles and their photos.',
            )}
            {toggle(
              'logged_out_search_trafficsource',
              'Visitors from a traffic source may browse',
              'When visitors in general may not: those who came by an ad or partner link may.',
            )}
            {toggle(
              'enable_site_entry_popup',
              'Entry warning',
              'Visitors confirm they are adults before they see the site.',
            )}
            {toggle(
              'photo_moderation',
              'Check photos first',
              'New member photos wait for a moderator before others see them.',
            )}
            {toggle(
              'visible_profile_notes',
              'Notes on profile forms',
              'Tell members, where they edit their profile, that others see it.',
            )}
            <Choices
              id="site-visible_profile_fields"
              legend="Details a profile shows"
              help="Members fill in and see only these; gender and looking for are always asked."
              error={reason('settings.visible_profile_fields')}
              options={PROFILE_DETAIL_FIELDS}
              labelOf={(field) => DETAIL_LABELS[field]}
              value={settings.visible_profile_fields}
              onChange={(value) => setSetting('visible_profile_fields', value)}
            />
            <Choices
              id="site-search_fields"
              legend="Search filters"
              help="The filters the member search offers."
              error={reason('settings.search_fields')}
              options={SEARCH_FIELDS}
              labelOf={(field) => SEARCH_LABELS[field]}
              value={settings.search_fields}
              onChange={(value) => setSetting('search_fields', value)}
            />
          </Section>
          <Section id="money" title="Credits and money" intro="What members pay in credits, and what they get free.">
            {number('message_credits', 'A message costs', 'Credits for each message a member sends.', 'credits')}
            {number('photo_credits', 'A photo costs', 'Credits for each photo sent in a chat.', 'credits')}
            {number('gift_credits', 'A gift costs', 'Credits for each gift sent.', 'credits')}
            {number('signup_credits', 'Credits on signing up', 'Given to each new member.', 'credits')}
            {number(
              'free_messages',
              'Free messages',
              'A new member may send these before credits are needed.',
              'messages',
            )}
            {number('message_length', 'Longest message', 'Characters in one message.', 'characters')}
            {number(
              'refund_days',
              'Refunds within',
              'Days after a purchase during which admins may refund it.',
              'days',
            )}
            {toggle(
              'refund_debt',
              'Refunds leave a debt',
              'Credits already spent of a refunded purchase are owed, and paid off by the next purchase. Off: only what is left is taken back.',
            )}
            {toggle('member_resell', 'Member resell', 'Show members the resell variant of the promotion card.')}
            <MinimumCosts
              value={settings.minimum_message_costs}
              reason={reason}
              onChange={(value) => setSetting('minimum_message_costs', value)}
            />
          </Section>
          <Section id="place" title="Place" intro="Where the site's members live, and its clock.">
            <Choices
              id="site-countries"
              legend="Countries served"
              help="Members come from these. The first is where a visitor from anywhere else starts."
              error={reason('settings.countries')}
              options={SERVED_COUNTRIES}
              labelOf={countryName}
              value={settings.countries}
              onChange={(value) => setSetting('countries', value)}
            />
            <SiteField
              id="site-time_zone"
              label="Time zone"
              help="The site's days start at midnight here (daily likes of the swipe game)."
              error={reason('settings.time_zone')}
            >
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
          <Section id="support" title="Support" intro="How members reach you, and where photos are served from.">
            {text('support_email', 'Support address', 'Members write to it, and mails are sent from it.', 200)}
            {text('support_phone', 'Support phone', 'Shown to members on the contact page.', 40)}
            {text(
              'cdn_prefix',
              'Photo address',
              "Where main photos are served from: /media, or a CDN's https:// address whose origin is this app's /media. Other photos always come from the app, which checks who may see them.",
              200,
            )}
          </Section>
          <Section id="staff" title="Staff" intro="How the site's staff sign in.">
            <SiteField
              id="site-operator_two_step"
              label="Two-step sign-in for operators"
              help="Moderators and admins always sign in with a code from an authenticator app."
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
                  <option value="required">Required</option>
                  <option value="optional">Each operator chooses</option>
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
