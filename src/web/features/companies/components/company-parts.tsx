import { useState, type FormEvent, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { companyRoleLabels, companyRoles, type CompanyRole } from '@shared/companies/companies.schema';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import type { Page } from '@/lib/api-page';

/** The server's answer to a failed write: its message, and the field it names (for the form to point at). */
export const errorOf = (err: unknown) =>
  err instanceof ApiError
    ? { message: err.message, field: err.field }
    : { message: 'Something went wrong. Please try again.', field: undefined };

/** A form's submit with the server's refusal kept in state. */
export function useSubmit() {
  const [error, setError] = useState<{ message: string; field: string | undefined }>();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<unknown>) => async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(errorOf(err));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run, fieldError: (f: string) => (error?.field === f ? error.message : undefined) };
}

export const rolesText = (roles: readonly CompanyRole[]) => roles.map((r) => companyRoleLabels[r]).join(', ');

/** Checkboxes for the three roles. */
export function RolePicker({
  value,
  onChange,
  legend = 'Roles',
  error,
}: {
  value: CompanyRole[];
  onChange(roles: CompanyRole[]): void;
  legend?: string;
  error?: string | undefined;
}) {
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {companyRoles.map((role) => (
          <label key={role} className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={value.includes(role)}
              onChange={(e) =>
                onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))
              }
            />
            {companyRoleLabels[role]}
          </label>
        ))}
      </div>
      {error && <p className="text-sm text-error">{error}</p>}
    </fieldset>
  );
}

/** A section of the company page, titled for screen readers' heading navigation. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `company-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="mt-8 rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Loading, error, empty and "Show more" around one of a company's paged lists. */
export function PagedItems<T>({
  query,
  what,
  empty,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError)
    return <ErrorState message={`Could not load the ${what}.`} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="mt-3 text-base-content/75">{empty}</p>;
  return (
    <>
      {children(items)}
      {query.hasNextPage && (
        <button
          type="button"
          className="btn btn-sm mt-3"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show more {what}
        </button>
      )}
    </>
  );
}
