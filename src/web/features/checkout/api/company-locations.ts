import { queryOptions, useQuery } from '@tanstack/react-query';
import { companiesCalls } from '@shared/companies/companies.calls';
import { MAX_LOCATIONS } from '@shared/companies/companies.schema';
import { callApi } from '@/lib/call-api';
import { companyKeys } from '@/lib/query-keys/companies';

/**
 * The caller's company's locations, all of them (at most MAX_LOCATIONS), to ship a checkout to (decision 039); none
 * for a customer outside a company. Under the companies' key, so a change to the company refreshes it.
 */
export const companyLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKeys.mine, 'locations'] as const,
    queryFn: async () => {
      const { company } = await callApi(companiesCalls.mine);
      if (!company) return [];
      return callApi(companiesCalls.locations, {
        params: { id: company._id },
        query: { limit: String(MAX_LOCATIONS) },
      });
    },
  });

export const useCompanyLocations = () => useQuery(companyLocationsQueryOptions());
