import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** A product page lists its documents whole: the number per product is capped instead of paged. */
export const MAX_DOCUMENTS_PER_PRODUCT = 30;

export const documentKinds = ['datasheet', 'manual', 'certificate'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentKindLabels: Record<DocumentKind, string> = {
  datasheet: 'Datasheet',
  manual: 'Manual',
  certificate: 'Certificate',
};

/** Query of POST /api/catalogue/products/{id}/documents (the PDF is the multipart field "file"). */
export const documentUploadQuerySchema = z.object({
  kind: z.enum(documentKinds, { error: 'must be datasheet, manual or certificate' }),
  title: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(120, { error: 'must be at most 120 characters' })
    .optional(),
});

export const productDocumentSchema = z.object({
  _id: z.string(),
  kind: z.enum(documentKinds),
  title: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** Where to download it (sent as an attachment with its file name). */
  url: z.string(),
  createdAt: z.string(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;
export const productDocumentListSchema = z.array(productDocumentSchema);

export const documentParamsSchema = z.object({ id: idSchema, documentId: idSchema });
export const documentIdParamsSchema = z.object({ documentId: idSchema });

/** "1.2 MB", "840 KB". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}
