import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CsvProblemsTable } from '@/components/ui/csv-problems-table';
import { ErrorState } from '@/components/ui/error-state';
import { catalogueKeys } from '@/lib/query-keys/catalogue';
import { useCatalogueImport } from '../api/catalogue-csv';
import { percentOf } from '@shared/common/money';

const phaseLabel = { validating: 'Checking rows', writing: 'Saving products' } as const;

/** The progress of a running import, then its counts and the list of bad rows. */
export function CatalogueImportReport({ id }: { id: string }) {
  const query = useCatalogueImport(id);
  const queryClient = useQueryClient();
  const finished = query.data && !(query.data.status in phaseLabel);
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  }, [finished, queryClient]);
  if (query.isError)
    return (
      <ErrorState
        message={`We could not load the import. ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  const result = query.data;
  if (!result || result.status === 'validating' || result.status === 'writing') {
    const percent = percentOf(result?.processedBytes ?? 0, result?.totalBytes ?? 0);
    const label =
      result && result.status !== 'done' && result.status !== 'rejected' && result.status !== 'failed'
        ? phaseLabel[result.status]
        : 'Starting';
    return (
      <div className="mt-6" role="status">
        <p className="font-medium">
          {label}… {result ? `${result.rows.toLocaleString('en-US')} rows read` : ''}
        </p>
        <progress
          className="progress progress-primary mt-2 w-full"
          value={percent}
          max={100}
          aria-label={`${label}: ${percent}%`}
        />
      </div>
    );
  }
  const outcome = {
    done: 'Import finished.',
    rejected: 'Nothing was imported: the file has bad rows. Fix them, or import the valid rows only.',
    failed: result.message ?? 'The import failed. Nothing was changed.',
  }[result.status];
  return (
    <div className="mt-6" role="status">
      <p className={`font-semibold ${result.status === 'done' ? 'text-success' : 'text-error'}`}>{outcome}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {(
          [
            ['Rows', result.rows],
            ['Created', result.created],
            ['Updated', result.updated],
            ['Rejected', result.rejected],
          ] as const
        ).map(([term, n]) => (
          <div key={term} className="rounded-box bg-base-200 p-3">
            <dt className="text-sm">{term}</dt>
            <dd className="text-xl font-bold">{n.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <CsvProblemsTable
        problems={result.problems}
        caption={`Bad rows${result.rejected > result.problems.length ? ` (the first ${result.problems.length})` : ''}`}
      />
      <CsvProblemsTable problems={result.warnings} caption="Imported, with a warning" />
    </div>
  );
}
