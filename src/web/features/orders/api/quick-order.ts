import type { QuickOrderResult } from '@shared/cart/cart.schema';
import { api } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';

const quickOrderPath = (email: string) => `/cart/${encodeURIComponent(email)}/quick-order`;

/** POST /api/cart/{email}/quick-order with pasted `SKU, quantity` lines; `dryRun` only checks them. */
export const quickOrderText = (email: string, text: string, dryRun: boolean) =>
  api<QuickOrderResult>(quickOrderPath(email), { method: 'POST', body: JSON.stringify({ text, dryRun }) });

/** The same with a CSV file (multipart field `file`). */
export const quickOrderFile = (email: string, file: File, dryRun: boolean) =>
  uploadFile<QuickOrderResult>(
    `${quickOrderPath(email)}${dryRun ? '?dryRun=true' : ''}`,
    'file',
    file,
    'CSV file',
  );
