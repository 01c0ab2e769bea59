/** The default layout's banner slot: one banner at a time, in order, each closed for its span; the offer says when it ends. */
import type { DiscountCode, User } from '@amora/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Banners } from '../src/app/layouts/Banners';
import { formatTime } from '../src/i18n/format';
import { buildSettings, buildUser } from './fixtures';
import { renderScreen } from './render';
import { fakeServer } from './server';

const ENDS = '2026-11-29T11:00:00Z';

const timeBonus: DiscountCode = {
  code: 'TIMEBONUS25',
  kind: 'time_bonus',
  country: null,
  user_id: 7,
  expires: ENDS,
  value_percentage: 25,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: null,
};

/** Just signed up: not activated, no photo, and the time bonus running. */
const newMember = () => buildUser({ status: 'not_confirmed', credits: 20 }, { status: 'disabled', main_image: null });

function openBanners(user: User = newMember(), at = '/members') {
  fakeServer({ 'GET /api/discountcode.php': timeBonus });
  return renderScreen(<Banners />, { at, user, settings: buildSettings() });
}

const shown = () => screen.queryAllByRole('alert');
const close = () => screen.getByRole('button', { name: 'Close' });

describe('Banners', () => {
  it('shows one banner at a time, the next once it is closed: activation, photo, then the offer', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z'), toFake: ['Date'] });
    const { events } = openBanners();
    expect(await screen.findByText('Activate your account')).toBeTruthy();
    expect(shown()).toHaveLength(1);

    await events.click(close());
    expect(await screen.findByText('Members with a profile photo get far more replies.')).toBeTruthy();
    expect(shown()).toHaveLength(1);

    await events.click(close());
    const offer = await screen.findByRole('alert');
    expect(offer.textContent).toContain(`25% off your credits until ${formatTime(ENDS, 'en')}`);
    expect(shown()).toHaveLength(1);

    await events.click(close());
    await waitFor(() => expect(shown()).toHaveLength(0));
  });

  it('says when the offer ends, with no clock counting down', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z'), toFake: ['Date'] });
    const photo = {
      id: 1,
      filename: 'a.webp',
      thumb_filename: 'a-thumb.webp',
      public: true,
      status: 'active' as const,
      width: 800,
      height: 1000,
    };
    openBanners(buildUser({}, { main_image: photo }));
    const offer = await screen.findByRole('alert');
    expect(offer.textContent).not.toMatch(/\d\d:\d\d:\d\d/);
    expect(offer.textContent).toContain(`until ${formatTime(ENDS, 'en')}`);
  });

  it('brings a closed activation reminder back on the next visit, the photo nudge the next day', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z'), toFake: ['Date'] });
    const first = openBanners();
    await first.events.click(await screen.findByRole('button', { name: 'Close' }));
    await screen.findByText('Members with a profile photo get far more replies.');
    await first.events.click(close());
    first.unmount();

    // A new visit the same day: the reminder again; the photo nudge waits for tomorrow, the offer follows.
    sessionStorage.clear();
    const again = openBanners();
    await again.events.click(await screen.findByRole('button', { name: 'Close' }));
    expect((await screen.findByRole('alert')).textContent).toContain('25% off your credits');
    again.unmount();

    vi.setSystemTime(new Date('2026-11-30T09:00:00Z'));
    openBanners(newMember(), '/notifications');
    expect(await screen.findByText('Members with a profile photo get far more replies.')).toBeTruthy();
  });
});
