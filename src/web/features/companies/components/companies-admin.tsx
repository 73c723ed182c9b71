import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { companiesCalls as calls } from '@shared/companies/companies.calls';
import { paths } from '@/config/paths';
import { SearchBox } from '@/components/ui/paged-list';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useCompanies, useCompany, useCompanyPages } from '../api/companies';
import { PagedItems, rolesText, Section } from './company-parts';
import { EditLimits, limitsText } from './member-limits';
import { PriceListsAdmin } from './price-lists-admin';

/** /dashboard/companies (admin): every company, newest first, searchable by a prefix of its name or tax ID. */
export function CompaniesAdmin() {
  const [search, setSearch] = useState('');
  const companies = useCompanies(search);
  return (
    <>
      <div className="mt-4 max-w-xl">
        <SearchBox
          label="Search companies"
          placeholder="Name or tax ID"
          value={search}
          onSearch={setSearch}
        />
      </div>
      <PagedItems
        query={companies}
        what="companies"
        empty={search ? 'No company matches.' : 'No companies yet.'}
      >
        {(items) => (
          <div className="mt-4 overflow-x-auto">
            <table className="table">
              <caption className="sr-only">Companies, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Tax ID</th>
                  <th scope="col">Members</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c._id}>
                    <td>
                      <Link className="link" to={paths.companyAdmin(c._id)}>
                        {c.name}
                      </Link>
                    </td>
                    <td>{c.taxId}</td>
                    <td>{c.memberCount}</td>
                    <td>{formatDate(c.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedItems>
    </>
  );
}

/** /dashboard/companies/{id} (admin): one company's members, locations and contract price lists. */
export function CompanyAdmin({ id, approvals }: { id: string; approvals?: ReactNode }) {
  const company = useCompany(id);
  const members = useCompanyPages(calls.members, id, 'members');
  const locations = useCompanyPages(calls.locations, id, 'locations');
  if (company.isPending) return <Spinner label="Loading the company" />;
  if (company.isError)
    return <ErrorState message={company.error.message} onRetry={() => void company.refetch()} />;
  const c = company.data;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{c.name}</h1>
      <p className="mt-2 text-base-content/75">
        Tax ID {c.taxId} · {c.memberCount} members · created {formatDate(c.createdAt)}
      </p>
      <Section title="Members">
        <PagedItems query={members} what="members" empty="No members.">
          {(items) => (
            <ul className="mt-3 divide-y divide-base-300">
              {items.map((m) => (
                <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span className="font-medium">{m.name}</span> ({m.email}) — {rolesText(m.roles)} — joined{' '}
                    {formatDate(m.joinedAt)}
                    <span className="block text-sm text-base-content/75">{limitsText(m)}</span>
                  </span>
                  <EditLimits companyId={id} member={m} />
                </li>
              ))}
            </ul>
          )}
        </PagedItems>
      </Section>
      <Section title="Locations">
        <PagedItems query={locations} what="locations" empty="No locations.">
          {(items) => (
            <ul className="mt-3 divide-y divide-base-300">
              {items.map((l) => (
                <li key={l._id} className="py-2">
                  <span className="font-medium">{l.name}</span>: {l.street}, {l.city}, {l.state} {l.zip}
                  {l.taxExemption && ` — tax exempt (${l.taxExemption.number})`}
                </li>
              ))}
            </ul>
          )}
        </PagedItems>
      </Section>
      {approvals}
      <PriceListsAdmin companyId={id} />
    </>
  );
}
