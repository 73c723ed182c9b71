import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  MAX_DOCUMENTS_PER_PRODUCT,
  type DocumentKind,
  type ProductDocument,
} from '@shared/catalogue/documents.schema';
import { productDocuments, products } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import type { MediaStore, StoredMedia } from '../../infra/storage';
import { recordAudit } from '../audit/audit.service';
import { assertPdf, safeFileName } from '../media/media.service';

type DocumentRow = typeof productDocuments.$inferSelect;

export const downloadUrl = (id: string) => `/api/catalogue/documents/${id}/download`;

const toDocument = (r: DocumentRow): ProductDocument => ({
  _id: r.id,
  kind: r.kind,
  title: r.title,
  fileName: r.fileName,
  size: r.sizeBytes,
  url: downloadUrl(r.id),
  createdAt: r.createdAt.toISOString(),
});

async function liveProduct(db: Db, id: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)));
  if (!row) throw notFound('Product');
  return row;
}

export async function listDocuments(db: Db, productId: string): Promise<ProductDocument[]> {
  await liveProduct(db, productId);
  const rows = await db
    .select()
    .from(productDocuments)
    .where(eq(productDocuments.productId, productId))
    .orderBy(asc(productDocuments.createdAt), asc(productDocuments.id));
  return rows.map(toDocument);
}

export async function addDocument(
  deps: { db: Db; media: MediaStore },
  actor: SessionUser,
  productId: string,
  upload: { bytes: Buffer; fileName: string; kind: DocumentKind; title?: string | undefined },
): Promise<ProductDocument> {
  const product = await liveProduct(deps.db, productId);
  await assertPdf(upload.bytes);
  const url = await deps.media.put('documents', upload.bytes, 'pdf');
  const fileName = safeFileName(upload.fileName);
  return deps.db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(productDocuments)
      .where(eq(productDocuments.productId, productId));
    if (n >= MAX_DOCUMENTS_PER_PRODUCT)
      throw new AppError('conflict', `A product can have at most ${MAX_DOCUMENTS_PER_PRODUCT} documents.`);
    const [row] = await tx
      .insert(productDocuments)
      .values({
        productId,
        kind: upload.kind,
        title: upload.title ?? fileName.replace(/\.pdf$/, ''),
        fileName,
        mediaKey: url.replace(/^\/media\//, ''),
        sizeBytes: upload.bytes.length,
      })
      .returning();
    const doc = toDocument(row!);
    await recordAudit(tx, actor, {
      kind: 'product.document_added',
      entityType: 'product',
      entityId: productId,
      summary: `Added the ${doc.kind} "${doc.title}" to ${product.name}`,
      after: doc,
    });
    return doc;
  });
}

export async function removeDocument(db: Db, actor: SessionUser, productId: string, documentId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(productDocuments)
      .where(and(eq(productDocuments.id, documentId), eq(productDocuments.productId, productId)))
      .returning();
    if (!row) throw notFound('Document');
    await recordAudit(tx, actor, {
      kind: 'product.document_removed',
      entityType: 'product',
      entityId: productId,
      summary: `Removed the ${row.kind} "${row.title}"`,
      before: toDocument(row),
    });
  });
}

/** A document's bytes and download name; 404 for an unknown document or a product no longer in the catalogue. */
export async function openDocument(
  deps: { db: Db; media: MediaStore },
  documentId: string,
): Promise<{ file: StoredMedia; fileName: string }> {
  const [row] = await deps.db
    .select({ key: productDocuments.mediaKey, fileName: productDocuments.fileName })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .where(and(eq(productDocuments.id, documentId), isNull(products.archivedAt)));
  if (!row) throw notFound('Document');
  const file = await deps.media.get(row.key).catch(() => {
    throw new AppError('unavailable', 'Documents are temporarily unavailable. Please try again.');
  });
  if (!file) throw notFound('Document');
  return { file, fileName: row.fileName };
}
