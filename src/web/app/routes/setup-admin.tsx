import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/accounts/components/auth-card';
import { FirstAdminForm } from '@/features/accounts/components/first-admin-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Where the link printed at the first start lands: /setup-admin?token=… (decision 046). */
export function Component() {
  useDocumentTitle('Create the first admin');
  const token = new URLSearchParams(useLocation().search).get('token');
  const [created, setCreated] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <AuthCard title="Create the first admin">
        {created ? (
          <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-2">
            <p>The admin account {created} is ready. This link no longer works.</p>
            <Link to={paths.login} className="link font-semibold">
              Login
            </Link>
          </div>
        ) : token ? (
          <FirstAdminForm token={token} onCreated={setCreated} />
        ) : (
          <p role="alert" className="alert alert-error alert-soft">
            Open the link the shop printed when it started: it carries the setup token.
          </p>
        )}
      </AuthCard>
    </div>
  );
}
