import { useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { Modal } from '@/components/ui/modal';
import { formatCount } from '@/lib/format';

/**
 * Phones: the category list and filters in a dialog opened by a button; filters apply as they change, behind it.
 */
export function FiltersDrawer({
  active,
  total,
  children,
}: {
  /** How many filters are in force, shown on the button. */
  active: number;
  total: number | undefined;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters{active > 0 ? ` (${active})` : ''}
      </button>
      {open && (
        <Modal title="Filters" onClose={() => setOpen(false)}>
          <div className="flex flex-col gap-6">
            {children}
            <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
              {total === undefined ? 'Show products' : `Show ${formatCount(total)} products`}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
