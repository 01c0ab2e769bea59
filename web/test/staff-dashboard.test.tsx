/** /staff/dashboard: a skeleton shaped like the figures while they load, then the figures. */
import type { DashboardResponse } from '@amora/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import StaffDashboardPage from '../src/features/staff/dashboard/StaffDashboardPage';
import { renderScreen } from './render';
import { deferred, fakeServer, json } from './server';

const dashboard: DashboardResponse = {
  site: null,
  from: '2026-01-01',
  to: '2026-01-30',
  signups: 1234,
  activations: 600,
  first_purchases: 40,
  paying_members: 35,
  revenue: [],
  messages_to_hosted: 90,
  conversations_waiting: 3,
  first_answer: { answered: 0, median_seconds: null, p90_seconds: null },
  days: [],
};

describe('StaffDashboardPage', () => {
  it('shows a skeleton of the figures while they load, then the figures', async () => {
    const server = fakeServer({ 'GET /api/staff/sites.php': { sites: [] } });
    const answer = deferred<Response>();
    server.on('GET /api/staff/dashboard.php', () => answer.promise);
    renderScreen(<StaffDashboardPage />);
    const skeleton = await screen.findByRole('status', { name: 'Loading…' });
    expect(skeleton.querySelectorAll('.staff-figure .placeholder').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Figures' })).toBeNull();

    answer.resolve(json(dashboard));
    const figures = await screen.findByRole('region', { name: 'Figures' });
    expect(within(figures).getByText('1,234')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
