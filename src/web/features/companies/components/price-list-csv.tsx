import { useState, type FormEvent } from 'react';
import {
  MAX_PRICE_LIST_CSV_BYTES,
  priceListCsvColumns,
  type PriceList,
  type PriceListImport,
} from '@shared/companies/price-lists.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CsvProblemsTable } from '@/components/ui/csv-problems-table';
import { FormError } from '@/components/ui/error-text';
import { Field } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { priceListExportUrl, useImportPriceList } from '../api/companies';
import { errorOf } from './company-parts';

const rulesText = (n: number) => `${n} ${n === 1 ? 'rule' : 'rules'}`;

/**
 * A price list's rules as CSV (docs/decisions/039-trade-accounts.md, "Price lists as CSV"): a download link, and an
 * upload that replaces the rules after confirming, then shows the server's row report. A file with a bad row
 * changes nothing, so the admin fixes the rows listed and uploads again.
 */
export function PriceListCsv({ companyId, list }: { companyId: string; list: PriceList }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<PriceListImport>();
  const upload = useImportPriceList(companyId);

  const check = (e: FormEvent) => {
    e.preventDefault();
    setReport(undefined);
    if (!file) return setError('Please choose a CSV file.');
    if (file.size > MAX_PRICE_LIST_CSV_BYTES)
      return setError('The file is too large: it must be 1 MB or smaller.');
    setError(undefined);
    setConfirming(true);
  };
  const send = () =>
    upload.mutate(
      { itemId: list._id, file: file! },
      {
        onSuccess: (result) => setReport(result),
        onError: (err) => setError(errorOf(err).message),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        <a href={priceListExportUrl(companyId, list._id)} download className="btn btn-sm btn-outline">
          Export {list.name} as CSV
        </a>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          Import CSV into {list.name}
        </button>
      </div>
      {open && (
        <form
          className="mt-3 grid gap-3 rounded-box bg-base-200 p-4"
          aria-label={`Import CSV into ${list.name}`}
          onSubmit={check}
          noValidate
        >
          <Field
            label="CSV file"
            hint={`Columns ${priceListCsvColumns.join(', ')}, as in an export: one rule per row, prices in dollars. At most 1 MB.`}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,text/csv"
                className={`${control.className} file-input w-full`}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setReport(undefined);
                }}
              />
            )}
          </Field>
          <FormError message={error} />
          <div>
            <SubmitButton busy={upload.isPending}>Upload and replace the rules</SubmitButton>
          </div>
          {report && <ImportReport report={report} />}
        </form>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Replace the rules of ${list.name}?`}
          confirmLabel="Import"
          busy={upload.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={send}
        >
          Importing replaces this list&apos;s {rulesText(list.rules.length)} with the rules of {file?.name}.
          If any row is bad, nothing changes and the bad rows are listed.
        </ConfirmDialog>
      )}
    </div>
  );
}

function ImportReport({ report }: { report: PriceListImport }) {
  return (
    <div role="status">
      <p className={`font-semibold ${report.status === 'done' ? 'text-success' : 'text-error'}`}>
        {report.message}
      </p>
      <CsvProblemsTable problems={report.problems} />
    </div>
  );
}
