/** /staff/discounts and /staff/bundles: the codes and prices admins keep, per site. */
import type { StaffBundle, StaffDiscountCode } from '@amora/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffDiscountsPage from '../src/features/staff/discounts/StaffDiscountsPage';
import StaffPricesPage from '../src/features/staff/prices/StaffPricesPage';
import { buildStaff } from './fixtures';
import { renderScreen } from './render';
import { apiError, deferred, fakeServer, json, type SentRequest } from './server';

const sites = {
  sites: [
    { id: 1, name: 'Amora NL', domain: 'amora.nl', domain_language: 'nl' },
    { id: 2, name: 'Amora UK', domain: 'amora.co.uk', domain_language: 'en' },
  ],
};

const discount = (overrides: Partial<StaffDiscountCode> = {}): StaffDiscountCode => ({
  id: 11,
  site: { id: 1, name: 'Amora NL' },
  code: 'SPRING',
  percentage: 20,
  validity: 'once_per_user',
  country: null,
  currency: null,
  minimum_order_value: 0,
  expires: null,
  status: 'active',
  methods: null,
  used: 3,
  created_at: '2026-01-05T10:00:00Z',
  ...overrides,
});

describe('StaffDiscountsPage', () => {
  function discountsServer(codes = [discount(), discount({ id: 12, code: 'OLD', status: 'inactive', used: 1 })]) {
    let list = [...codes];
    return fakeServer({
      'GET /api/staff/sites.php': sites,
      'GET /api/staff/discounts.php': () => ({ codes: list }),
      'PUT /api/staff/discounts.php': ({ body }: SentRequest) => {
        const { id, last_day, ...change } = body as {
          id: number;
          last_day?: string | null;
        } & Partial<StaffDiscountCode>;
        list = list.map((code) =>
          code.id === id
            ? { ...code, ...change, ...(last_day !== undefined && { expires: last_day && `${last_day}T23:59:59Z` }) }
            : code,
        );
        return { code: list.find((code) => code.id === id) };
      },
    });
  }

  it('lists the codes with their discount, limits, uses and status', async () => {
    discountsServer([
      discount({ country: 'NL', minimum_order_value: 2500, expires: '2099-06-30T23:59:59Z' }),
      discount({ id: 12, code: 'OLD', status: 'inactive', used: 1, validity: 'unlimited' }),
    ]);
    renderScreen(<StaffDiscountsPage />);
    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const [, spring, old] = within(table).getAllByRole('row');
    expect(within(spring as HTMLElement).getByText('20% · Once per member')).toBeTruthy();
    expect(within(spring as HTMLElement).getByText('NL · from 25.00 · until 30 June 2099')).toBeTruthy();
    expect(within(spring as HTMLElement).getByText('3 uses')).toBeTruthy();
    expect(within(spring as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(old as HTMLElement).getByText('1 use')).toBeTruthy();
    expect(within(old as HTMLElement).getByText('Off')).toBeTruthy();
    expect(within(old as HTMLElement).getByRole('button', { name: 'Switch on OLD' })).toBeTruthy();
  });

  it('reads a code past its last day as expired, though its switch is on (the demo’s SUMMER2024)', async () => {
    discountsServer([
      discount({ code: 'SUMMER2024', expires: '2024-09-01T00:00:00Z' }),
      discount({ id: 12, code: 'ENDED', status: 'inactive', expires: '2024-09-01T00:00:00Z' }),
    ]);
    renderScreen(<StaffDiscountsPage />);
    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const [, summer, ended] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(summer as HTMLElement).getByText('until 1 September 2024')).toBeTruthy();
    expect(within(summer as HTMLElement).getByText('Expired')).toBeTruthy();
    expect(within(summer as HTMLElement).queryByText('Active')).toBeNull();
    expect(within(summer as HTMLElement).getByRole('button', { name: 'Switch off SUMMER2024' })).toBeTruthy();
    expect(within(ended as HTMLElement).getByText('Expired')).toBeTruthy();
  });

  it('shows a German admin the codes and their states in German', async () => {
    const server = discountsServer([
      discount({ expires: '2099-06-30T23:59:59Z', used: 1 }),
      discount({ id: 12, code: 'SUMMER2024', expires: '2024-09-01T00:00:00Z', methods: ['directdebit'] }),
    ]);
    server.on('GET /api/staff/me.php', { staff: buildStaff({ language: 'de' }) });
    renderScreen(<StaffDiscountsPage />);
    const table = await screen.findByRole('table', { name: 'Rabattcodes' });
    const [, spring, summer] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(spring as HTMLElement).getByText('20 % · Einmal pro Mitglied')).toBeTruthy();
    expect(within(spring as HTMLElement).getByText('1-mal')).toBeTruthy();
    expect(within(spring as HTMLElement).getByText('Aktiv')).toBeTruthy();
    expect(within(summer as HTMLElement).getByText('Lastschrift · bis 1. September 2024')).toBeTruthy();
    expect(within(summer as HTMLElement).getByText('Abgelaufen')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Neuer Rabattcode' })).toBeTruthy();
  });

  it('shows one site’s codes when a site is chosen', async () => {
    const server = discountsServer();
    const { events } = renderScreen(<StaffDiscountsPage />);
    await screen.findByRole('table', { name: 'Discount codes' });
    const filter = screen.getByRole('group', { name: 'Filter codes' });
    await events.selectOptions(within(filter).getByRole('combobox', { name: 'Site' }), 'Amora UK');
    await waitFor(() => expect(server.sent('GET /api/staff/discounts.php').at(-1)?.query).toEqual({ site: '2' }));
    expect(server.sent('GET /api/staff/discounts.php')[0]?.query).toEqual({});
  });

  it('adds a code with its limits, in minor units, and says it is live', async () => {
    const server = discountsServer([]);
    server.on('POST /api/staff/discounts.php', {
      code: discount({ code: 'SUMMER', site: { id: 2, name: 'Amora UK' } }),
    });
    const { events } = renderScreen(<StaffDiscountsPage />);
    expect(await screen.findByText('No codes yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New discount code' });
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Amora UK' })).toHaveLength(1));
    await events.selectOptions(within(form).getByLabelText('Site'), 'Amora UK');
    await events.type(within(form).getByLabelText('Code'), 'summer');
    expect((within(form).getByLabelText('Code') as HTMLInputElement).value).toBe('SUMMER');
    await events.clear(within(form).getByLabelText('% off'));
    await events.type(within(form).getByLabelText('% off'), '15');
    await events.selectOptions(within(form).getByLabelText('Use'), 'Once in all');
    await events.type(within(form).getByLabelText('Country (optional)'), 'gb');
    await events.type(within(form).getByLabelText('Minimum order (optional)'), '19,95');
    await events.type(within(form).getByLabelText('Last day (optional)'), '2026-08-31');
    await events.click(within(form).getByRole('button', { name: 'Add code' }));
    expect(await within(form).findByText('SUMMER added: members can use it now.')).toBeTruthy();
    expect(server.sent('POST /api/staff/discounts.php')[0]?.body).toEqual({
      site: 2,
      code: 'summer'.toUpperCase(),
      percentage: 15,
      validity: 'once',
      country: 'GB',
      minimum_order_value: 1995,
      last_day: '2026-08-31',
    });
    expect((within(form).getByLabelText('Code') as HTMLInputElement).value).toBe('');
  });

  it('sends only the limits that are filled in, for the first site by default', async () => {
    const server = discountsServer([]);
    server.on('POST /api/staff/discounts.php', { code: discount({ code: 'PLAIN' }) });
    const { events } = renderScreen(<StaffDiscountsPage />);
    const form = screen.getByRole('form', { name: 'New discount code' });
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Amora NL' })).toHaveLength(1));
    await events.type(within(form).getByLabelText('Code'), 'PLAIN');
    await events.click(within(form).getByRole('button', { name: 'Add code' }));
    await within(form).findByText('PLAIN added: members can use it now.');
    expect(server.sent('POST /api/staff/discounts.php')[0]?.body).toEqual({
      site: 1,
      code: 'PLAIN',
      percentage: 20,
      validity: 'once_per_user',
    });
  });

  it('shows the server’s reason at the field it refused', async () => {
    const server = discountsServer([]);
    server.on(
      'POST /api/staff/discounts.php',
      apiError(422, 'discount_code_taken', 'This site has a discount code with this name already.', {
        code: { code: 'discount_code_taken', message: 'This site has a discount code with this name already.' },
      }),
    );
    const { events } = renderScreen(<StaffDiscountsPage />);
    const form = screen.getByRole('form', { name: 'New discount code' });
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Amora NL' })).toHaveLength(1));
    await events.type(within(form).getByLabelText('Code'), 'SPRING');
    await events.click(within(form).getByRole('button', { name: 'Add code' }));
    expect(await within(form).findByText('This site has a discount code with this name already.')).toBeTruthy();
    expect(within(form).getByLabelText('Code').className).toContain('is-invalid');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('changes a code’s percentage and last day, and switches it off', async () => {
    const server = discountsServer();
    const { events } = renderScreen(<StaffDiscountsPage />);
    await screen.findByRole('table', { name: 'Discount codes' });
    await events.click(await screen.findByRole('button', { name: 'Edit SPRING' }));
    const change = screen.getByRole('form', { name: 'Change SPRING' });
    await events.clear(within(change).getByLabelText('% off'));
    await events.type(within(change).getByLabelText('% off'), '25');
    await events.type(within(change).getByLabelText('Last day'), '2026-05-01');
    await events.click(within(change).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('25% · Once per member')).toBeTruthy();
    await events.click(screen.getByRole('button', { name: 'Switch off SPRING' }));
    expect(await screen.findByRole('button', { name: 'Switch on SPRING' })).toBeTruthy();
    expect(server.sent('PUT /api/staff/discounts.php').map((request) => request.body)).toEqual([
      { id: 11, percentage: 25, last_day: '2026-05-01' },
      { id: 11, status: 'inactive' },
    ]);
  });
});

const bundle = (overrides: Partial<StaffBundle> = {}): StaffBundle => ({
  id: 31,
  site: { id: 1, name: 'Amora NL' },
  country: 'NL',
  credits: 100,
  currency: 'EUR',
  price: 1995,
  vat_rate: 2100,
  vat: 346,
  net: 1649,
  price_per_credit: 19.9,
  popular: false,
  trial: false,
  active: true,
  created_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('StaffPricesPage', () => {
  function pricesServer() {
    const countries = [
      {
        country: 'NL',
        currency: 'EUR' as const,
        vat_rate: 2100,
        bundles: [bundle(), bundle({ id: 32, credits: 250, price: 3995, popular: true })],
      },
      { country: 'BE', currency: 'EUR' as const, vat_rate: 2100, bundles: [] },
    ];
    return fakeServer({
      'GET /api/staff/sites.php': sites,
      'GET /api/staff/bundles.php': { site: { id: 1, name: 'Amora NL' }, countries },
      'PUT /api/staff/bundles.php': ({ body }: SentRequest) => ({ bundle: { ...bundle(), ...(body as object) } }),
    });
  }

  it('shows the first site’s bundles per country, with VAT, net and price per credit', async () => {
    const server = pricesServer();
    renderScreen(<StaffPricesPage />);
    const table = await screen.findByRole('table', { name: 'Bundles in Netherlands' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('100 credits', { selector: 'strong' })).toBeTruthy();
    expect(within(row).getByText('€19.95')).toBeTruthy();
    expect(within(row).getByText(/€3\.46 VAT · €16\.49 net · €0\.199 a credit/)).toBeTruthy();
    expect(within(within(table).getAllByRole('row')[2] as HTMLElement).getByText('Popular')).toBeTruthy();
    expect(server.sent('GET /api/staff/bundles.php')[0]?.query).toEqual({ site: '1' });
  });

  it('says what members of a country without bundles are offered', async () => {
    pricesServer();
    const { events } = renderScreen(<StaffPricesPage />);
    await screen.findByRole('table', { name: 'Bundles in Netherlands' });
    await events.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Belgium (EUR)');
    expect(
      screen.getByText(
        "Nothing on sale here: members in Belgium are offered the bundles of the site's first country that has them.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'New bundle in Belgium' })).toBeTruthy();
  });

  it('adds a bundle, showing the VAT in the price as it is typed', async () => {
    const server = pricesServer();
    server.on('POST /api/staff/bundles.php', { bundle: bundle({ id: 40, credits: 500, price: 6995 }) });
    const { events } = renderScreen(<StaffPricesPage />);
    const form = await screen.findByRole('form', { name: 'New bundle' });
    await events.type(within(form).getByLabelText('Credits'), '500');
    const price = within(form).getByLabelText('Price (EUR)');
    expect(price.getAttribute('aria-describedby')).toBe('new-bundle-vat');
    expect(document.getElementById('new-bundle-vat')?.textContent).toBe('VAT 21% included.');
    await events.type(price, '69,95');
    expect(document.getElementById('new-bundle-vat')?.textContent).toBe('€12.14 VAT (21%) included; €57.81 net.');
    await events.click(within(form).getByLabelText('Popular (moves the mark from the bundle that has it)'));
    await events.click(within(form).getByRole('button', { name: 'Add bundle' }));
    expect(await within(form).findByText('500 credits for €69.95 added: members see it now.')).toBeTruthy();
    expect(server.sent('POST /api/staff/bundles.php')[0]?.body).toEqual({
      site: 1,
      country: 'NL',
      credits: 500,
      price: 6995,
      popular: true,
      trial: false,
    });
  });

  it('shows why a new bundle was refused', async () => {
    const server = pricesServer();
    server.on(
      'POST /api/staff/bundles.php',
      apiError(409, 'bundle_trial_taken', 'A trial package is on sale in this country already.', {
        trial: { code: 'bundle_trial_taken', message: 'A trial package is on sale in this country already.' },
      }),
    );
    const { events } = renderScreen(<StaffPricesPage />);
    const form = await screen.findByRole('form', { name: 'New bundle' });
    await events.type(within(form).getByLabelText('Credits'), '20');
    await events.type(within(form).getByLabelText('Price (EUR)'), '1.99');
    await events.click(within(form).getByLabelText('Trial package (once, for members who never paid)'));
    await events.click(within(form).getByRole('button', { name: 'Add bundle' }));
    expect(await within(form).findByText('A trial package is on sale in this country already.')).toBeTruthy();
  });

  it('changes a bundle’s credits, price and popular mark', async () => {
    const server = pricesServer();
    const { events } = renderScreen(<StaffPricesPage />);
    await events.click(await screen.findByRole('button', { name: 'Edit 100 credits' }));
    const change = screen.getByRole('form', { name: 'Change 100 credits' });
    await events.clear(within(change).getByLabelText('Credits'));
    await events.type(within(change).getByLabelText('Credits'), '120');
    await events.clear(within(change).getByLabelText('Price in EUR, VAT included'));
    await events.type(within(change).getByLabelText('Price in EUR, VAT included'), '21.50');
    await events.click(within(change).getByLabelText('Popular'));
    await events.click(within(change).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change 100 credits' })).toBeNull());
    expect(server.sent('PUT /api/staff/bundles.php')[0]?.body).toEqual({
      id: 31,
      credits: 120,
      price: 2150,
      popular: true,
    });
  });

  it('keeps the change open and names the reason when the server refuses it', async () => {
    const server = pricesServer();
    server.on(
      'PUT /api/staff/bundles.php',
      apiError(422, 'validation_failed', 'Please check the highlighted fields.', {
        price: { code: 'invalid', message: 'A price needs whole cents.' },
      }),
    );
    const { events } = renderScreen(<StaffPricesPage />);
    await events.click(await screen.findByRole('button', { name: 'Edit 100 credits' }));
    const change = screen.getByRole('form', { name: 'Change 100 credits' });
    await events.clear(within(change).getByLabelText('Price in EUR, VAT included'));
    await events.type(within(change).getByLabelText('Price in EUR, VAT included'), 'lots');
    await events.click(within(change).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A price needs whole cents.');
    expect(screen.getByRole('form', { name: 'Change 100 credits' })).toBeTruthy();
    expect(server.sent('PUT /api/staff/bundles.php')[0]?.body).toMatchObject({ id: 31, price: null });
  });

  it('takes a bundle off sale, and cannot be pressed twice meanwhile', async () => {
    const server = pricesServer();
    const answer = deferred<Response>();
    server.on('PUT /api/staff/bundles.php', () => answer.promise);
    const { events } = renderScreen(<StaffPricesPage />);
    const button = (await screen.findByRole('button', { name: 'Take off sale 100 credits' })) as HTMLButtonElement;
    await events.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    answer.resolve(json({ bundle: bundle({ active: false }) }));
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(server.sent('PUT /api/staff/bundles.php').map((request) => request.body)).toEqual([
      { id: 31, active: false },
    ]);
  });
});
