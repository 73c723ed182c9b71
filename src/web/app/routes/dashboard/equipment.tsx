import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/features/accounts/api/get-session';
import { MachineList, RegisterMachineForm } from '@/features/equipment/components/my-equipment';
import { KitPage, MachinePage } from '@/features/equipment/components/machine-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/equipment: my machines and my company's. */
export function Component() {
  useDocumentTitle('My equipment');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My equipment</h1>
      <p className="mt-2 text-base-content/75">
        Your machines, the parts that fit each one and when each service falls due.
      </p>
      <Link to={paths.registerMachine} className="btn btn-primary mt-4">
        Register a machine
      </Link>
      <MachineList />
    </section>
  );
}

/** /dashboard/equipment/register (?order=… offers the machine of that order). */
export function Register() {
  useDocumentTitle('Register a machine');
  const [params] = useSearchParams();
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Register a machine</h1>
      <RegisterMachineForm orderId={params.get('order') ?? ''} />
    </section>
  );
}

/** /dashboard/equipment/{id}: one machine. */
export function Machine() {
  useDocumentTitle('Machine');
  const { id = '' } = useParams();
  // RequireAuth loaded the session.
  const email = useSession().data?.user.email ?? '';
  return <MachinePage id={id} email={email} />;
}

/** /dashboard/equipment/{id}/kit?items=…: a service mail's prefilled cart. */
export function Kit() {
  useDocumentTitle('Service kit');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const items = (params.get('items') ?? '').split(',').filter(Boolean);
  return <KitPage id={id} items={items} />;
}
