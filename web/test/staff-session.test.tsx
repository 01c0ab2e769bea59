/** A staff session that ends elsewhere (another device, an admin disabling the account) signs this browser out. */
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSignOutWhenSessionEnds, useStaffMe } from '../src/features/staff/shared/api';
import { useChangeStaff, useStaffTeam } from '../src/features/staff/team/api';
import { buildStaff } from './fixtures';
import { renderHookInApp } from './render';
import { apiError, fakeServer } from './server';

const signedOut = () => apiError(403, 'staff_login_required', 'Please log in as staff to continue.');

describe('useSignOutWhenSessionEnds', () => {
  it('signs out when a staff list answers that the session is gone, and forgets what was shown', async () => {
    let sessionGone = false;
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff() },
      'GET /api/staff/team.php': () => (sessionGone ? signedOut() : { staff: [buildStaff()] }),
    });
    const { result, queryClient } = renderHookInApp(() => {
      useSignOutWhenSessionEnds();
      return { me: useStaffMe().data, team: useStaffTeam() };
    });
    await waitFor(() => expect(result.current.me?.name).toBe('Admin Ada'));
    await waitFor(() => expect(result.current.team.data).toHaveLength(1));
    sessionGone = true;
    await act(() => result.current.team.refetch());
    await waitFor(() => expect(result.current.me).toBeNull());
    expect(queryClient.getQueryData(['staff', 'team'])).toBeUndefined();
  });

  it('signs out when a change is refused for the same reason', async () => {
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff() },
      'PUT /api/staff/team.php': signedOut,
    });
    const { result } = renderHookInApp(() => {
      useSignOutWhenSessionEnds();
      return { me: useStaffMe().data, change: useChangeStaff() };
    });
    await waitFor(() => expect(result.current.me).toBeTruthy());
    await act(() => result.current.change.mutateAsync({ id: 2, disabled: true }).catch(() => undefined));
    await waitFor(() => expect(result.current.me).toBeNull());
  });

  it('stays signed in after other refusals', async () => {
    fakeServer({
      'GET /api/staff/me.php': { staff: buildStaff() },
      'PUT /api/staff/team.php': apiError(403, 'staff_self_change', 'You cannot change your own account.'),
    });
    const { result } = renderHookInApp(() => {
      useSignOutWhenSessionEnds();
      return { me: useStaffMe().data, change: useChangeStaff() };
    });
    await waitFor(() => expect(result.current.me).toBeTruthy());
    await act(() => result.current.change.mutateAsync({ id: 1, role: 'operator' }).catch(() => undefined));
    await waitFor(() => expect(result.current.change.error?.message).toBe('You cannot change your own account.'));
    expect(result.current.me?.name).toBe('Admin Ada');
  });
});
