import { staffDashboardRoutes } from '@amora/common/routes/staff-dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface DashboardFilter {
  /** A site's id, or '' for all sites. */
  site: string;
  /** Whole UTC days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** How a site, or all sites, did over the chosen days (admins). */
export function useDashboard(filter: DashboardFilter) {
  return useQuery({
    queryKey: ['staff', 'dashboard', filter] as const,
    queryFn: () =>
      api(staffDashboardRoutes.dashboard, { site: filter.site || undefined, from: filter.from, to: filter.to }),
    placeholderData: (previous) => previous,
    // Opened again, it shows the figures of now: an admin's first page, it would otherwise keep those of the sign-in.
    staleTime: 0,
  });
}
