import { useId, useState, type FormEvent } from 'react';
import { MAX_IMPORT_BYTES, type ImportMode } from '@shared/catalogue/catalogue-csv.schema';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { catalogueExportUrl, startCatalogueImport } from '../api/catalogue-csv';
import { CatalogueImportReport } from './catalogue-import-report';

/** Export the catalogue as CSV, and import one: the options, the upload, then the import's progress and report. */
export function CatalogueCsvPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [createCategories, setCreateCategories] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [importId, setImportId] = useState<string>();
  const modeName = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('Please choose a CSV file.');
    if (file.size > MAX_IMPORT_BYTES) return setError('The file is too large: it must be 100 MB or smaller.');
    setBusy(true);
    setError(undefined);
    setImportId(undefined);
    try {
      setImportId(await startCatalogueImport(file, { mode, createCategories }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6 grid gap-8">
      <section aria-labelledby="export-heading" className="rounded-box border border-base-300 p-4">
        <h2 id="export-heading" className="text-xl font-semibold">
          Export
        </h2>
        <p className="mt-1 text-base-content/75">
          Every product as a CSV file for a spreadsheet (UTF-8), one column per spec with its unit.
        </p>
        <a href={catalogueExportUrl} download className="btn btn-outline mt-3">
          Download the catalogue (CSV)
        </a>
      </section>
      <section aria-labelledby="import-heading" className="rounded-box border border-base-300 p-4">
        <h2 id="import-heading" className="text-xl font-semibold">
          Import
        </h2>
        <p className="mt-1 text-base-content/75">
          Products are matched by SKU: new SKUs are created, known ones updated; empty cells leave a value as
          it is.
        </p>
        <p className="mt-1 text-base-content/75">
          The <code>image</code> column takes a web address (https://…: the image is fetched, a JPEG, PNG or
          WebP of at most 5 MB) or the file name of an image already uploaded (as in an export&apos;s /media/…
          path, e.g. <code>3f2a9c.webp</code>).
        </p>
        <form className="mt-4 grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
          <Field label="CSV file" hint="The header row names the columns, as in an export. At most 100 MB.">
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,text/csv"
                className={`${control.className} file-input w-full`}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <fieldset>
            <legend className="font-medium">When some rows are bad</legend>
            <label className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                className="radio"
                name={modeName}
                checked={mode === 'all-or-nothing'}
                onChange={() => setMode('all-or-nothing')}
              />
              Import nothing (all or nothing)
            </label>
            <label className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                className="radio"
                name={modeName}
                checked={mode === 'valid-rows'}
                onChange={() => setMode('valid-rows')}
              />
              Import the valid rows
            </label>
          </fieldset>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox"
              checked={createCategories}
              onChange={(e) => setCreateCategories(e.target.checked)}
            />
            Create missing categories
          </label>
          <FormError message={error} />
          <div>
            <SubmitButton busy={busy}>Import</SubmitButton>
          </div>
        </form>
        {importId && <CatalogueImportReport key={importId} id={importId} />}
      </section>
    </div>
  );
}
