import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PickupLocationInput,
  ShippingMethodInput,
  ShippingZone,
} from '@shared/shipping/shipping.schema';
import type { TaxRatesInput } from '@shared/tax/tax.schema';
import { shippingCalls } from '@shared/shipping/shipping.calls';
import { taxCalls } from '@shared/tax/tax.calls';
import { callApi } from '@/lib/call-api';
import { shippingKeys } from '@/lib/query-keys/shipping';

/** GET /api/shipping/settings (admin): every method with its rates, the zones and the pickup locations. */
export const useShippingSettings = () =>
  useQuery({ queryKey: shippingKeys.settings, queryFn: () => callApi(shippingCalls.settings) });

/** GET /api/tax/rates (admin). */
export const useTaxRates = () =>
  useQuery({ queryKey: shippingKeys.taxRates, queryFn: () => callApi(taxCalls.rates) });

/** Each write refreshes the settings; `mutateAsync` settles once the fresh data is in. */
function useSettingsMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shippingKeys.settings }),
  });
}

export const useSaveMethod = () =>
  useSettingsMutation(({ id, body }: { id?: string | undefined; body: ShippingMethodInput }) =>
    id
      ? callApi(shippingCalls.updateMethod, { params: { id }, body })
      : callApi(shippingCalls.createMethod, { body }),
  );

export const useDeleteMethod = () =>
  useSettingsMutation((id: string) => callApi(shippingCalls.deleteMethod, { params: { id } }));

export const useReplaceZones = () =>
  useSettingsMutation((zones: ShippingZone[]) => callApi(shippingCalls.replaceZones, { body: { zones } }));

export const useSavePickupLocation = () =>
  useSettingsMutation(({ id, body }: { id?: string | undefined; body: PickupLocationInput }) =>
    id
      ? callApi(shippingCalls.updatePickupLocation, { params: { id }, body })
      : callApi(shippingCalls.createPickupLocation, { body }),
  );

export const useDeletePickupLocation = () =>
  useSettingsMutation((id: string) => callApi(shippingCalls.deletePickupLocation, { params: { id } }));

/** PUT /api/tax/rates: the answer is the saved table, kept as the query's data. */
export function useReplaceTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxRatesInput) => callApi(taxCalls.replaceRates, { body }),
    onSuccess: (answer) => queryClient.setQueryData(shippingKeys.taxRates, answer),
  });
}
