import { useState, type FormEvent } from 'react';
import {
  documentKindLabels,
  documentKinds,
  formatBytes,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type ProductDocument,
} from '@shared/catalogue/documents.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { Field, SelectField, TextField } from '@/components/ui/field';
import { QueryList } from '@/components/ui/query-list';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { notify } from '@/lib/notify';
import { useDocumentActions, useProductDocuments } from '../api/product-documents';

/** An admin's view of a product's documents: the list with Remove, and a form to attach a PDF. */
export function ProductDocumentsAdmin({ productId }: { productId: string }) {
  const documents = useProductDocuments(productId);
  const actions = useDocumentActions(productId);
  const removal = useConfirmTarget<ProductDocument>();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<DocumentKind>('datasheet');
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [formKey, setFormKey] = useState(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('Please choose a PDF file.');
    if (file.size > MAX_DOCUMENT_BYTES)
      return setError('The file is too large: it must be 20 MB or smaller.');
    setBusy(true);
    setError(undefined);
    try {
      await actions.upload(file, kind, title);
      void notify('success', 'Document added');
      setFile(null);
      setTitle('');
      setFormKey((k) => k + 1);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="admin-documents-heading" className="mt-6">
      <h2 id="admin-documents-heading" className="text-xl font-semibold">
        Documents
      </h2>
      <QueryList
        query={documents}
        loadingLabel="Loading documents…"
        what="the documents"
        empty={<p className="mt-2 text-base-content/75">No documents yet.</p>}
      >
        {(docs) => (
          <ul className="mt-3 grid gap-2">
            {docs.map((doc) => (
              <li key={doc._id} className="flex flex-wrap items-center gap-3">
                <a href={doc.url} download={doc.fileName} className="link link-primary">
                  {doc.title}
                </a>
                <span className="text-sm text-base-content/75">
                  {documentKindLabels[doc.kind]}, {formatBytes(doc.size)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  onClick={() => removal.ask(doc)}
                >
                  Remove<span className="sr-only"> {doc.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <form key={formKey} className="mt-4 grid gap-3 sm:max-w-lg" onSubmit={(e) => void submit(e)} noValidate>
        <Field label="PDF file" hint="A datasheet, manual or certificate; at most 20 MB.">
          {(control) => (
            <input
              {...control}
              type="file"
              accept="application/pdf,.pdf"
              className={`${control.className} file-input w-full`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
          {documentKinds.map((k) => (
            <option key={k} value={k}>
              {documentKindLabels[k]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Title"
          hint="Optional: the file name is used when empty."
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
        />
        <FormError message={error} />
        <div>
          <SubmitButton busy={busy}>Add document</SubmitButton>
        </div>
      </form>
      {removal.target && (
        <ConfirmDialog
          title="Remove this document?"
          confirmLabel="Remove"
          busy={removal.busy}
          error={removal.error}
          onClose={removal.close}
          onConfirm={() => removal.confirm((doc) => actions.remove(doc._id), 'Document removed')}
        >
          <p>“{removal.target.title}” will no longer be listed on the product page.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
