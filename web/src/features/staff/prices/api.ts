import { staffPriceRoutes } from '@amora/common/routes/staff-prices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../shared/api';

/** A site's bundles per country it sells in, with the VAT in each price. */
export function useBundles(site: string) {
  return useQuery({
    queryKey: staffKeys.bundles(site),
    queryFn: () => api(staffPriceRoutes.bundles, { site }),
    enabled: site !== '',
  });
}

export interface NewBundle {
  site: number;
  country: string;
  credits: number;
  /** Minor units, VAT included. */
  price: number;
  popular?: boolean;
  trial?: boolean;
}

export function useAddBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewBundle) => api(staffPriceRoutes.addBundle, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'bundles'] }),
  });
}

/** A bundle's credits, price or popular mark, or off sale and back; payments under way keep theirs. */
export function useChangeBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; credits?: number; price?: number; popular?: boolean; active?: boolean }) =>
      api(staffPriceRoutes.changeBundle, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'bundles'] }),
  });
}
