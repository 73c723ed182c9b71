import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@shared/common/contract';
import { taxExemptionsCalls } from '@shared/tax/tax-exemptions.calls';
import type { ExemptionStatus, TaxExemption } from '@shared/tax/tax-exemptions.schema';
import { callApi } from '@/lib/call-api';
import { callApiPage, keepPage } from '@/lib/api-page';
import { taxExemptionKeys } from '@/lib/query-keys/tax-exemptions';
import { uploadFile } from '@/lib/upload-file';

export interface ListParams {
  limit: string;
  cursor?: string | undefined;
}

/** GET /api/tax-exemptions/{email}: one page of the customer's own certificates, newest first. */
export const myExemptionsQueryOptions = (email: string, params: ListParams) =>
  queryOptions({
    queryKey: taxExemptionKeys.mine(email, { ...params }),
    queryFn: () =>
      callApiPage(taxExemptionsCalls.mine, {
        params: { email },
        query: { limit: params.limit, cursor: params.cursor },
      }),
    enabled: !!email,
    placeholderData: keepPage,
  });

export const useMyExemptions = (email: string, params: ListParams) =>
  useQuery(myExemptionsQueryOptions(email, params));

/** GET /api/tax-exemptions (admin): one page of every customer's, of one status or all, newest first. */
export const exemptionsQueryOptions = (params: ListParams & { status?: ExemptionStatus | undefined }) =>
  queryOptions({
    queryKey: taxExemptionKeys.list({ ...params }),
    queryFn: () =>
      callApiPage(taxExemptionsCalls.list, {
        query: { limit: params.limit, cursor: params.cursor, status: params.status },
      }),
    placeholderData: keepPage,
  });

export const useExemptions = (params: ListParams & { status?: ExemptionStatus | undefined }) =>
  useQuery(exemptionsQueryOptions(params));

export interface ExemptionUpload {
  file: File;
  number: string;
  states: string[];
  expiresOn: string;
}

/** POST /api/tax-exemptions/{email} (multipart): the certificate and its fields; refreshes the lists. */
export function useUploadExemption(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: ExemptionUpload) =>
      uploadFile<TaxExemption>(
        fillPath(taxExemptionsCalls.upload.path, { email }),
        'file',
        file,
        'certificate',
        fields,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxExemptionKeys.all }),
  });
}

/** PUT /api/tax-exemptions/{id}/decision (admin); refreshes the lists, after a refusal too (decided meanwhile). */
export function useDecideExemption() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: taxExemptionKeys.all });
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      callApi(taxExemptionsCalls.decide, {
        params: { id },
        body: reason === undefined ? { decision: 'approve' } : { decision: 'reject', reason },
      }),
    onSettled: refresh,
  });
}
