import { EquipmentAdmin } from '@/features/equipment/components/equipment-admin';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/equipment-models (admin): machine models and their service plans. */
export function Component() {
  useDocumentTitle('Equipment models');
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">Equipment models</h1>
      <EquipmentAdmin />
    </section>
  );
}
