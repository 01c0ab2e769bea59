import type { SiteChange, StaffSite } from '@amora/common';
import type { RouteInput } from '@amora/common/routes/route';
import { staffSiteRoutes } from '@amora/common/routes/staff-sites';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../shared/api';

export function useStaffSite(id: number) {
  return useQuery({
    queryKey: staffKeys.site(id),
    queryFn: () => api(staffSiteRoutes.site, { id }),
    retry: false,
  });
}

/** Every change to a site answers the site as it is now: shown at once, the list of sites refreshed. */
function useSiteChange<Input>(call: (input: Input) => Promise<StaffSite>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(staffKeys.site(answer.site.id), answer);
      return queryClient.invalidateQueries({ queryKey: staffKeys.sites });
    },
  });
}

/** A new site with the default settings, reached at its domain at once. */
export const useAddSite = () =>
  useSiteChange((input: RouteInput<typeof staffSiteRoutes.addSite>) => api(staffSiteRoutes.addSite, input));

/** A site's name, settings and company details: only what is sent changes. */
export const useChangeSite = () => useSiteChange((input: SiteChange) => api(staffSiteRoutes.changeSite, input));

export const useAddSiteDomain = () =>
  useSiteChange((input: { site: number; domain: string }) => api(staffSiteRoutes.addSiteDomain, input));

export const useRemoveSiteDomain = () =>
  useSiteChange((input: { site: number; domain: string }) => api(staffSiteRoutes.removeSiteDomain, input));
