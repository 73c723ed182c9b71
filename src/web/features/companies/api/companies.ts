import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath, type CallAnswer, type Endpoint } from '@shared/common/contract';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import type {
  CompanyInput,
  CompanyRole,
  InvitationInput,
  LocationInput,
  SharedListInput,
} from '@shared/companies/companies.schema';
import type { PriceListImport, PriceListInput } from '@shared/companies/price-lists.schema';
import type { MemberLimits } from '@shared/checkout/approvals.schema';
import type { ApprovalSettings } from '@shared/companies/companies.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage, type Page } from '@/lib/api-page';
import { companyKeys } from '@/lib/query-keys/companies';
import { orderKeys } from '@/lib/query-keys/orders';
import { uploadFile } from '@/lib/upload-file';

const PAGE = 20;

/** GET /api/companies/mine: the caller's company and roles, or null. */
export const useMyCompany = () =>
  useQuery({ queryKey: companyKeys.mine, queryFn: () => callApi(calls.mine) });

type PagedCall =
  | typeof calls.members
  | typeof calls.invitations
  | typeof calls.locations
  | typeof calls.orders
  | typeof calls.quotes
  | typeof calls.invoices
  | typeof calls.lists
  | typeof calls.priceLists;

/** One of a company's paged lists, a page at a time ("Show more" fetches the next). */
export function useCompanyPages<E extends PagedCall>(call: E, id: string, part: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: companyKeys.part(id, part),
    queryFn: ({ pageParam }) =>
      callApiPage(call as Endpoint as typeof calls.members, {
        params: { id },
        query: { limit: String(PAGE), cursor: pageParam },
      }) as unknown as Promise<Page<ItemOf<E>>>,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && !!id,
  });
}
type ItemOf<E extends PagedCall> = CallAnswer<E>[number];

/** GET /api/companies (admin): newest first, searchable. */
export const useCompanies = (search: string) =>
  useInfiniteQuery({
    queryKey: companyKeys.list(search),
    queryFn: ({ pageParam }) =>
      callApiPage(calls.list, {
        query: { limit: String(PAGE), cursor: pageParam, search: search || undefined },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useCompany = (id: string) =>
  useQuery({
    queryKey: companyKeys.part(id, 'company'),
    queryFn: () => callApi(calls.get, { params: { id } }),
  });

export const useCompanyExemptions = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: companyKeys.part(id, 'exemptions'),
    queryFn: () => callApi(calls.exemptions, { params: { id } }),
    enabled,
  });

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: companyKeys.invitation(token),
    queryFn: () => callApi(calls.previewInvitation, { params: { token } }),
    enabled: !!token,
    retry: false,
  });

/** Every write refreshes the company's lists (and the cart, for the ones that fill it). */
function useCompanyWrite<V, R>(fn: (v: V) => Promise<R>, alsoCart = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: companyKeys.all });
      if (alsoCart) await qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

export const useCreateCompany = () =>
  useCompanyWrite((body: CompanyInput) => callApi(calls.create, { body }));
export const useAcceptInvitation = () =>
  useCompanyWrite((token: string) => callApi(calls.acceptInvitation, { params: { token } }));
export const useInvite = (id: string) =>
  useCompanyWrite((body: InvitationInput) => callApi(calls.invite, { params: { id }, body }));
export const useRevokeInvitation = (id: string) =>
  useCompanyWrite((itemId: string) => callApi(calls.revokeInvitation, { params: { id, itemId } }));
export const useSetRoles = (id: string) =>
  useCompanyWrite(({ userId, roles }: { userId: string; roles: CompanyRole[] }) =>
    callApi(calls.setRoles, { params: { id, userId }, body: { roles } }),
  );
/** A member's spending limits in dollars (null = no limit). */
export const useSetLimits = (id: string) =>
  useCompanyWrite(({ userId, limits }: { userId: string; limits: MemberLimits }) =>
    callApi(calls.setLimits, { params: { id, userId }, body: limits }),
  );
export const useSetApprovalSettings = (id: string) =>
  useCompanyWrite((body: ApprovalSettings) => callApi(calls.setApprovalSettings, { params: { id }, body }));
export const useRemoveMember = (id: string) =>
  useCompanyWrite((userId: string) => callApi(calls.removeMember, { params: { id, userId } }));
export const useAddLocation = (id: string) =>
  useCompanyWrite((body: LocationInput) => callApi(calls.addLocation, { params: { id }, body }));
export const useDeleteLocation = (id: string) =>
  useCompanyWrite((itemId: string) => callApi(calls.deleteLocation, { params: { id, itemId } }));
export const useAddList = (id: string) =>
  useCompanyWrite((body: SharedListInput) => callApi(calls.addList, { params: { id }, body }));
export const useDeleteList = (id: string) =>
  useCompanyWrite((itemId: string) => callApi(calls.deleteList, { params: { id, itemId } }));
export const useListToCart = (id: string) =>
  useCompanyWrite((itemId: string) => callApi(calls.listToCart, { params: { id, itemId } }), true);
export const useReorder = (id: string) =>
  useCompanyWrite((itemId: string) => callApi(calls.reorder, { params: { id, itemId } }), true);

/** Admin: add a price list, or replace one (`itemId`) with its rules. */
export const useSavePriceList = (id: string) =>
  useCompanyWrite(({ itemId, body }: { itemId?: string | undefined; body: PriceListInput }) =>
    itemId
      ? callApi(calls.updatePriceList, { params: { id, itemId }, body })
      : callApi(calls.addPriceList, { params: { id }, body }),
  );
export const useDeletePriceList = (id: string) =>
  useCompanyWrite((itemId: string) => callApi(calls.deletePriceList, { params: { id, itemId } }));

/** GET …/price-lists/{itemId}/export.csv (admin): a plain link downloads it. */
export const priceListExportUrl = (id: string, itemId: string) =>
  `/api${fillPath(calls.exportPriceList.path, { id, itemId })}`;

/**
 * POST …/price-lists/{itemId}/import.csv (admin, multipart field "file"): the row report. A rejected file changed
 * nothing, but the lists are refreshed either way (cheap, and right if someone else changed them meanwhile).
 */
export const useImportPriceList = (id: string) =>
  useCompanyWrite(({ itemId, file }: { itemId: string; file: File }) =>
    uploadFile<PriceListImport>(
      fillPath(calls.importPriceList.path, { id, itemId }),
      'file',
      file,
      'CSV file',
    ),
  );
