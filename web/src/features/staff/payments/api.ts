import { staffPaymentRoutes } from '@amora/common/routes/staff-payments';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { OLDER_PAGES, type PaymentFilter, pageQuery, staffKeys } from '../shared/api';

/** Payments, newest first, a page at a time (older pages from the last id). */
export function useStaffPayments(filter: PaymentFilter) {
  return useInfiniteQuery({
    queryKey: staffKeys.payments(filter),
    queryFn: ({ pageParam }) => api(staffPaymentRoutes.payments, pageQuery(filter, pageParam)),
    ...OLDER_PAGES,
  });
}

/** An admin's refund of a purchase, with the reason for the audit log. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { payment: number; reason: string }) => api(staffPaymentRoutes.refund, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'payments'] }),
  });
}
