import { staffCodeRoutes } from '@amora/common/routes/staff-codes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { staffKeys } from '../shared/api';

/** The codes members type, with how often each is used; on one site or all. */
export function useDiscountCodes(site: string) {
  return useQuery({
    queryKey: staffKeys.discounts(site),
    queryFn: async () => (await api(staffCodeRoutes.discountCodes, site ? { site } : {})).codes,
  });
}

export interface NewDiscountCode {
  site: number;
  code: string;
  percentage: number;
  validity: 'once_per_user' | 'once' | 'unlimited';
  country?: string;
  minimum_order_value?: number;
  last_day?: string;
}

export function useAddDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewDiscountCode) => api(staffCodeRoutes.addDiscountCode, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'discounts'] }),
  });
}

/** A code's percentage, minimum, last day or status; payments under way keep theirs. */
export function useChangeDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      id: number;
      percentage?: number;
      minimum_order_value?: number;
      last_day?: string | null;
      status?: 'active' | 'inactive';
    }) => api(staffCodeRoutes.changeDiscountCode, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'discounts'] }),
  });
}
