/** Credits for money: the offer, discount codes, starting a payment and the member's transactions. */
import { type CreditsResponse, type DiscountCode, PAYMENT_POLL_MS, type PaymentMethod } from '@amora/common';
import { moneyRoutes } from '@amora/common/routes/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useUser } from '../../api/hooks';

export const creditsKeys = {
  offer: ['credits', 'offer'] as const,
  welcome: (userId: number | undefined) => ['credits', 'welcome', userId] as const,
  banks: ['credits', 'banks'] as const,
  transactions: ['transactions'] as const,
  transaction: (id: number) => ['transactions', id] as const,
};

export function useOffer() {
  return useQuery({ queryKey: creditsKeys.offer, queryFn: () => api(moneyRoutes.credits) });
}

/**
 * The new member's offer (time bonus or welcome discount); none is no error to show. Asked once per
 * member who never paid; it ends with their session.
 */
export function useWelcomeDiscount() {
  const { user } = useUser();
  return useQuery({
    queryKey: creditsKeys.welcome(user?.id),
    enabled: user !== null && !user.paid_user,
    staleTime: Infinity,
    queryFn: async (): Promise<DiscountCode | null> =>
      api(moneyRoutes.discountCode, { welcome: 'true' }).catch(() => null),
    retry: false,
  });
}

export function lookUpDiscount(code: string, bundle?: number, method?: PaymentMethod) {
  return api(moneyRoutes.discountCode, { code, bundle, method });
}

/** The discount a code entered by the member gives on a bundle, checked by the server. */
export function useDiscount(code: string | null, bundle?: number, method?: PaymentMethod) {
  return useQuery({
    queryKey: ['credits', 'discount', code, bundle, method],
    queryFn: () => lookUpDiscount(code as string, bundle, method),
    enabled: code !== null,
    retry: false,
  });
}

export function useIdealBanks(enabled: boolean) {
  return useQuery({
    queryKey: creditsKeys.banks,
    queryFn: () => api(moneyRoutes.idealBanks),
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function useStartPayment() {
  return useMutation({
    mutationFn: (body: {
      client_id: string;
      bundle_id: number;
      method: PaymentMethod;
      issuer?: string;
      discount_code?: string;
    }) => api(moneyRoutes.startPayment, body),
  });
}

export function useTransactions() {
  return useQuery({
    queryKey: creditsKeys.transactions,
    queryFn: () => api(moneyRoutes.transactions),
  });
}

/** One payment; asked again every few seconds while the provider has not decided it. */
export function useTransaction(id: number) {
  return useQuery({
    queryKey: creditsKeys.transaction(id),
    queryFn: () => api(moneyRoutes.transaction, { id }),
    refetchInterval: (query) => {
      const status = query.state.data?.transaction.status;
      return status === 'created' || status === 'pending' ? PAYMENT_POLL_MS : false;
    },
  });
}

export type Offer = CreditsResponse;
export type Bundle = Offer['bundles'][number];
