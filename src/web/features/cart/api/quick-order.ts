import type { CallAnswer } from '@shared/common/contract';
import { fillPath } from '@shared/common/contract';
import { cartCalls } from '@shared/cart/cart.calls';
import { callApi } from '@/lib/call-api';
import { uploadFile } from '@/lib/upload-file';

/** POST /api/cart/{email}/quick-order with pasted `SKU, quantity` lines; `dryRun` only checks them. */
export const quickOrderText = (email: string, text: string, dryRun: boolean) =>
  callApi(cartCalls.quickOrder, { params: { email }, query: {}, body: { text, dryRun } });

/** The same with a CSV file (multipart field `file`). */
export const quickOrderFile = (email: string, file: File, dryRun: boolean) =>
  uploadFile<CallAnswer<typeof cartCalls.quickOrder>>(
    `${fillPath(cartCalls.quickOrder.path, { email })}${dryRun ? '?dryRun=true' : ''}`,
    'file',
    file,
    'CSV file',
  );
