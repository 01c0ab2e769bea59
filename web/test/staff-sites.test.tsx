/** /staff/sites and /staff/sites/:id: adding a site, and changing one with a single save of what differs. */
import type { SiteChange, StaffSite } from '@amora/common';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StaffLayout } from '../src/features/staff/shared/StaffLayout';
import StaffSitePage from '../src/features/staff/sites/StaffSitePage';
import StaffSitesPage from '../src/features/staff/sites/StaffSitesPage';
import { buildSettings, buildStaff } from './fixtures';
import { descriptionOf, renderScreen } from './render';
import { apiError, deferred, fakeServer, json, type SentRequest } from './server';

function buildSite(): StaffSite {
  const {
    name: _name,
    domain: _domain,
    domain_language: _language,
    company_id: _company,
    geoip_country: _geoip,
    geoip_selected_country: _selected,
    locales: _locales,
    terms_version_date: _terms,
    push_public_key: _key,
    ...settings
  } = buildSettings({ countries: ['NL', 'BE'], message_credits: 10 });
  return {
    site: {
      id: 4,
      name: 'Liefde',
      domain: 'liefde.test',
      domain_language: 'nl',
      domains: ['liefde.test', 'www.liefde.test'],
    },
    settings,
    company: {
      name: 'Liefde B.V.',
      address: 'Kade 1',
      kvk: '1234',
      city: '1000 AA Amsterdam',
      country: 'NL',
      tradenames: ['Liefde'],
      vat_numbers: [],
      support_phone: '+31 20 000 0000',
      delete_discount: 0,
      added: '2024-01-01',
    },
  };
}

/** The site endpoint as the server keeps it: a change sent is the site's from then on. */
function siteServer() {
  let site = buildSite();
  return fakeServer({
    'GET /api/staff/sites.php': {
      sites: [{ id: 4, name: 'Liefde', domain: 'liefde.test', domain_language: 'nl' }],
    },
    'GET /api/staff/site.php': () => site,
    'PUT /api/staff/site.php': ({ body }: SentRequest) => {
      const change = body as SiteChange;
      site = {
        site: { ...site.site, ...(change.name && { name: change.name }) },
        settings: { ...site.settings, ...change.settings } as StaffSite['settings'],
        company: { ...site.company, ...change.company },
      };
      return site;
    },
    'POST /api/staff/site-domain.php': ({ body }: SentRequest) => {
      site = { ...site, site: { ...site.site, domains: [...site.site.domains, (body as { domain: string }).domain] } };
      return site;
    },
    'DELETE /api/staff/site-domain.php': ({ body }: SentRequest) => {
      const gone = (body as { domain: string }).domain;
      site = { ...site, site: { ...site.site, domains: site.site.domains.filter((each) => each !== gone) } };
      return site;
    },
  });
}

const status = () => within(screen.getByRole('form', { name: "Save the site's changes" })).getByRole('status');
const saveButton = () => screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
const openSite = () => renderScreen(<StaffSitePage />, { at: '/staff/sites/4', route: '/staff/sites/:id' });

describe('StaffSitePage', () => {
  it('shows the site and has nothing to save until something changes', async () => {
    siteServer();
    openSite();
    expect(await screen.findByRole('heading', { name: 'Liefde' })).toBeTruthy();
    expect(screen.getByText('liefde.test · Dutch')).toBeTruthy();
    expect(status().textContent).toBe('No changes');
    expect(saveButton().disabled).toBe(true);
  });

  it('counts the changes, and sends only what differs from the site as saved', async () => {
    const server = siteServer();
    const { events } = openSite();
    const name = await screen.findByLabelText('Name');
    await events.clear(name);
    await events.paste('Liefde & Zo');
    expect(status().textContent).toBe('1 change not saved');
    const credits = screen.getByLabelText('A message costs');
    await events.clear(credits);
    await events.type(credits, '12');
    await events.type(screen.getByLabelText('Trade names'), '{Enter}');
    await events.paste('Liefde & Zo');
    expect(status().textContent).toBe('3 changes not saved');
    await events.click(saveButton());
    await waitFor(() => expect(status().textContent).toBe('Saved: members see it now.'));
    expect(server.sent('PUT /api/staff/site.php')[0]?.body).toEqual({
      id: 4,
      name: 'Liefde & Zo',
      settings: { message_credits: 12 },
      company: { tradenames: ['Liefde', 'Liefde & Zo'] },
    });
    expect(screen.getByRole('heading', { name: 'Liefde & Zo' })).toBeTruthy();
  });

  it('counts a change made and made undone as none', async () => {
    siteServer();
    const { events } = openSite();
    const credits = await screen.findByLabelText('A message costs');
    await events.clear(credits);
    await events.type(credits, '11');
    expect(status().textContent).toBe('1 change not saved');
    await events.clear(credits);
    await events.type(credits, '10');
    expect(status().textContent).toBe('No changes');
  });

  it('puts every change back with Undo', async () => {
    const server = siteServer();
    const { events } = openSite();
    const name = await screen.findByLabelText('Name');
    await events.click(name);
    await events.paste(' Plus');
    await events.click(screen.getByLabelText('Belgium'));
    expect(status().textContent).toBe('2 changes not saved');
    await events.click(screen.getByRole('button', { name: 'Undo' }));
    expect(status().textContent).toBe('No changes');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Liefde');
    expect((screen.getByLabelText('Belgium') as HTMLInputElement).checked).toBe(true);
    expect(server.sent('PUT /api/staff/site.php')).toHaveLength(0);
  });

  it('keeps the first country first and adds a new one last', async () => {
    const server = siteServer();
    const { events } = openSite();
    await events.click(await screen.findByLabelText('Germany'));
    await events.click(saveButton());
    await waitFor(() => expect(server.sent('PUT /api/staff/site.php')).toHaveLength(1));
    expect(server.sent('PUT /api/staff/site.php')[0]?.body).toEqual({
      id: 4,
      settings: { countries: ['NL', 'BE', 'DE'] },
    });
  });

  it('marks the fields the server refused, with its reasons', async () => {
    const server = siteServer();
    server.on(
      'PUT /api/staff/site.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        'settings.countries.0': { code: 'required', message: 'Choose at least one country.' },
        'settings.message_credits': { code: 'invalid', message: 'A whole number, please.' },
      }),
    );
    const { events } = openSite();
    await events.click(await screen.findByLabelText('Netherlands'));
    const credits = screen.getByLabelText('A message costs');
    await events.clear(credits);
    await events.click(saveButton());
    expect(await screen.findByText('Some values were refused: see the fields marked in red.')).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('A message costs'))).toBe(
      'A whole number, please. Credits for each message a member sends.',
    );
    expect(descriptionOf(screen.getByRole('group', { name: 'Countries served' }))).toMatch(
      /^Choose at least one country\./,
    );
    expect(server.sent('PUT /api/staff/site.php')[0]?.body).toMatchObject({ settings: { message_credits: null } });
    expect(status().textContent).toBe('2 changes not saved');
  });

  it('cannot be saved twice while a save is under way', async () => {
    const server = siteServer();
    const answer = deferred<Response>();
    server.on('PUT /api/staff/site.php', () => answer.promise);
    const { events } = openSite();
    await events.type(await screen.findByLabelText('Name'), '!');
    await events.click(saveButton());
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    answer.resolve(json({ ...buildSite(), site: { ...buildSite().site, name: 'Liefde!' } }));
    await waitFor(() => expect(status().textContent).toBe('Saved: members see it now.'));
  });

  it('asks before leaving with changes not saved, and stays when asked to', async () => {
    siteServer();
    const { events, router, location } = openSite();
    await events.type(await screen.findByLabelText('Name'), '!');
    await act(() => router.navigate('/staff/sites'));
    expect(status().textContent).toBe('Leave without saving the change?');
    await events.click(screen.getByRole('button', { name: 'Stay' }));
    expect(location()).toBe('/staff/sites/4');
    expect(status().textContent).toBe('1 change not saved');
    await act(() => router.navigate('/staff/sites'));
    await events.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(location()).toBe('/staff/sites'));
  });

  it('adds and removes host names at once, apart from the save', async () => {
    const server = siteServer();
    const { events } = openSite();
    const hosts = await screen.findByRole('list', { name: 'Host names' });
    expect(within(hosts).getByText("The site's own")).toBeTruthy();
    await events.type(screen.getByLabelText('Another host name'), 'liefde.nl');
    await events.click(screen.getByRole('button', { name: 'Add host name' }));
    expect(await within(hosts).findByRole('button', { name: 'Remove liefde.nl' })).toBeTruthy();
    expect((screen.getByLabelText('Another host name') as HTMLInputElement).value).toBe('');
    await events.click(within(hosts).getByRole('button', { name: 'Remove www.liefde.test' }));
    await waitFor(() => expect(within(hosts).queryByRole('button', { name: 'Remove www.liefde.test' })).toBeNull());
    expect(server.sent('POST /api/staff/site-domain.php')[0]?.body).toEqual({ site: 4, domain: 'liefde.nl' });
    expect(server.sent('DELETE /api/staff/site-domain.php')[0]?.body).toEqual({ site: 4, domain: 'www.liefde.test' });
    expect(server.sent('PUT /api/staff/site.php')).toHaveLength(0);
    expect(status().textContent).toBe('No changes');
  });

  it('shows why a host name was refused, at its field', async () => {
    const server = siteServer();
    server.on(
      'POST /api/staff/site-domain.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        domain: { code: 'domain_taken', message: 'Another site is reached at this host name already.' },
      }),
    );
    const { events } = openSite();
    await events.type(await screen.findByLabelText('Another host name'), 'amora.test');
    await events.click(screen.getByRole('button', { name: 'Add host name' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText('Another host name'))).toBe(
        'Another site is reached at this host name already. Members reach the site at it at once.',
      ),
    );
  });

  it('explains each section behind an info button beside its title, not in a paragraph', async () => {
    siteServer();
    const { events } = openSite();
    const hosts = await screen.findByRole('region', { name: 'Host names' });
    const explanation = /Every address that reaches this site/;
    expect(screen.queryByText(explanation)).toBeNull();
    await events.click(within(hosts).getByRole('button', { name: 'About: Host names' }));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(explanation);
    for (const title of ['General', 'Company', 'Texts', 'Members', 'Credits and money', 'Place', 'Support', 'Staff']) {
      const section = screen.getByRole('region', { name: title });
      expect(within(section).getByRole('button', { name: `About: ${title}` })).toBeTruthy();
    }
  });

  it('speaks a Dutch admin’s language: words, plurals, names of languages and countries, and money', async () => {
    const server = siteServer();
    server.on('GET /api/staff/me.php', { staff: buildStaff({ language: 'nl' }) });
    const saved = buildSite();
    saved.settings.minimum_message_costs = { BE: { costs: 250, currency: 'EUR' } };
    server.on('GET /api/staff/site.php', saved);
    const { events, container } = renderScreen(<StaffSitePage />, {
      at: '/staff/sites/4',
      route: '/staff/sites/:id',
      layout: <StaffLayout />,
    });
    const money = await screen.findByRole('region', { name: 'Credits en geld' });
    expect(screen.getByText('liefde.test · Nederlands')).toBeTruthy();
    expect(within(money).getByText('€ 2,50')).toBeTruthy();
    expect(within(money).getByLabelText('Minimumprijs in België')).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Voorbeeld' });
    expect(preview.textContent).toContain('Nieuwe leden krijgen 0 credits en 3 gratis berichten.');
    await events.clear(within(money).getByLabelText('Een bericht kost'));
    await events.type(within(money).getByLabelText('Een bericht kost'), '1');
    await events.click(screen.getByLabelText('Duitsland'));
    const saveBar = screen.getByRole('form', { name: 'Wijzigingen van de site opslaan' });
    expect(within(saveBar).getByRole('status').textContent).toBe('2 wijzigingen niet opgeslagen');
    await events.click(within(money).getByRole('button', { name: 'Uitleg: Credits en geld' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Wat leden in credits betalen, en wat ze gratis krijgen.',
    );
    for (const english of ['Host names', 'Company', 'Save changes', 'credits and', 'Preview', 'Least']) {
      expect(container.textContent, english).not.toContain(english);
    }
  });

  it('says when there is no such site, with the way back', async () => {
    const server = siteServer();
    server.on('GET /api/staff/site.php', apiError(404, 'not_found', 'This page could not be found'));
    openSite();
    expect(await screen.findByText(/This page could not be found/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the sites' }).getAttribute('href')).toBe('/staff/sites');
  });
});

describe('StaffSitesPage', () => {
  it('lists the sites, and opens a new one’s page once it is added', async () => {
    const server = siteServer();
    server.on('POST /api/staff/sites.php', { ...buildSite(), site: { ...buildSite().site, id: 9, name: 'Amour' } });
    const { events, location } = renderScreen(<StaffSitesPage />, { at: '/staff/sites' });
    const list = await screen.findByRole('list', { name: 'Sites' });
    expect(
      within(list)
        .getByRole('link', { name: /Liefde/ })
        .getAttribute('href'),
    ).toBe('/staff/sites/4');
    const form = screen.getByRole('form', { name: 'New site' });
    await events.type(within(form).getByLabelText('Domain'), 'amour.test');
    await events.type(within(form).getByLabelText('Name'), 'Amour');
    await events.selectOptions(within(form).getByLabelText('Language'), 'French');
    await events.selectOptions(within(form).getByLabelText('Country (optional)'), 'France');
    await events.click(within(form).getByRole('button', { name: 'Add site' }));
    await waitFor(() => expect(location()).toBe('/staff/sites/9'));
    expect(server.sent('POST /api/staff/sites.php')[0]?.body).toEqual({
      domain: 'amour.test',
      name: 'Amour',
      language: 'fr',
      country: 'FR',
    });
  });

  it('keeps what sites are and how a new one starts behind info buttons', async () => {
    siteServer();
    const { events } = renderScreen(<StaffSitesPage />, { at: '/staff/sites' });
    await screen.findByRole('list', { name: 'Sites' });
    expect(screen.queryByText(/Point the domain's DNS at this server first/)).toBeNull();
    await events.click(screen.getByRole('button', { name: 'About: New site' }));
    expect((await screen.findByRole('tooltip')).textContent).toMatch(/Point the domain's DNS at this server first/);
    expect(screen.getByRole('button', { name: 'About: Sites' })).toBeTruthy();
  });

  it('serves every country unless one is chosen, and shows refusals at their fields', async () => {
    const server = siteServer();
    server.on(
      'POST /api/staff/sites.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        domain: { code: 'domain_taken', message: 'Another site is reached at this host name already.' },
      }),
    );
    const { events, location } = renderScreen(<StaffSitesPage />, { at: '/staff/sites' });
    const form = screen.getByRole('form', { name: 'New site' });
    await events.type(within(form).getByLabelText('Domain'), 'liefde.test');
    await events.type(within(form).getByLabelText('Name'), 'Copy');
    await events.click(within(form).getByRole('button', { name: 'Add site' }));
    await waitFor(() =>
      expect(descriptionOf(within(form).getByLabelText('Domain'))).toBe(
        'Another site is reached at this host name already. Without https://, e.g. dates.example.com',
      ),
    );
    expect(server.sent('POST /api/staff/sites.php')[0]?.body).toEqual({
      domain: 'liefde.test',
      name: 'Copy',
      language: 'en',
    });
    expect(location()).toBe('/staff/sites');
  });
});
