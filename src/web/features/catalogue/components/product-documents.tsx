import { FileText } from 'lucide-react';
import { documentKindLabels, formatBytes } from '@shared/catalogue/documents.schema';
import { useProductDocuments } from '../api/product-documents';

/** The product page's list of datasheets, manuals and certificates, each a download link. Nothing when there are none. */
export function ProductDocuments({ productId }: { productId: string }) {
  const documents = useProductDocuments(productId);
  // An unknown product already says so above; other failures are said here.
  if (documents.isError && (documents.error as { status?: number }).status === 404) return null;
  if (documents.isError)
    return <p className="mt-12 text-sm text-base-content/75">The product's documents could not be loaded.</p>;
  if (!documents.data?.length) return null;
  return (
    <section aria-labelledby="documents-heading" className="mt-12">
      <h2 id="documents-heading" className="text-2xl font-bold">
        Documents
      </h2>
      <ul className="mt-3 grid gap-2">
        {documents.data.map((doc) => (
          <li key={doc._id}>
            <a
              href={doc.url}
              download={doc.fileName}
              className="link link-primary inline-flex items-center gap-2"
            >
              <FileText aria-hidden="true" className="size-5" />
              {doc.title}
            </a>{' '}
            <span className="text-sm text-base-content/75">
              ({documentKindLabels[doc.kind]}, PDF, {formatBytes(doc.size)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
