import { useState } from 'react';
import { PagedList, ScrollTable } from '@/components/ui/paged-list';
import { Link } from 'react-router';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { messages } from '@shared/messages';
import { paths } from '@/config/paths';
import { formatCount, formatPrice } from '@/lib/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { useAdminProducts } from '../api/get-admin-products';
import { ManageProductsToolbar, useProductListState } from './manage-products-toolbar';
import { useDeleteProduct } from '../api/delete-product';
import { useRestoreProduct } from '../api/restore-product';
import { EditProductDialog } from './edit-product-dialog';

/**
 * Manage Products: the catalogue a page at a time (search, filters, sort and page in the URL), with Edit (dialog)
 * and Delete (confirmed; the product is archived); the deleted products, shown on demand, each with Restore
 * (confirmed).
 */
export function ManageProductsTable() {
  const { state, params } = useProductListState();
  const products = useAdminProducts(params);
  const deleteProduct = useDeleteProduct();
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  const deleting = useConfirmTarget<AdminProduct>();
  const restoreProduct = useRestoreProduct();
  const restoring = useConfirmTarget<AdminProduct>();

  return (
    <>
      <ManageProductsToolbar state={state} params={params} />
      <PagedList
        query={products}
        noun="products"
        limit={Number(params.limit)}
        list={state}
        skeleton={{ count: 5, className: 'h-16' }}
        empty={
          <p className="mt-6 text-base-content/75">
            {params.q || params.lowStock
              ? 'No product matches this search and filter.'
              : params.deleted
                ? 'No product has been deleted.'
                : 'There are no products yet. Add one first.'}
          </p>
        }
      >
        {(items) => (
          <>
            <ScrollTable label="Products table" caption="Products of the catalogue">
              <thead>
                <tr>
                  <th scope="col">Image</th>
                  <th scope="col">Name</th>
                  <th scope="col">Category</th>
                  <th scope="col">Price</th>
                  <th scope="col">Stock</th>
                  <th scope="col">Minimum order</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {items.map((p) => (
                  <tr key={p._id}>
                    <td data-label="Image">
                      <img
                        src={p.img}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        className="size-12 rounded-box border border-base-300 bg-base-200 object-cover"
                      />
                    </td>
                    <td data-label="Name" className="min-w-40 font-medium">
                      <Link to={paths.product(p._id)} className="link link-hover">
                        {p.name}
                      </Link>
                      <div className="font-mono text-xs font-normal text-base-content/75">{p.sku}</div>
                      {p.unweighed && (
                        <span
                          className="badge badge-soft badge-warning whitespace-nowrap"
                          title="Delivery cannot be priced: only pickup is offered until it has a shipping weight"
                        >
                          No shipping weight
                        </span>
                      )}
                      <Link to={paths.productAdmin(p._id)} className="link block text-sm font-normal">
                        Stock &amp; documents<span className="sr-only"> of {p.name}</span>
                      </Link>
                    </td>
                    <td data-label="Category" className="whitespace-nowrap">
                      {p.category?.name ?? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">None</span>
                        </>
                      )}
                    </td>
                    <td data-label="Price" className="whitespace-nowrap">
                      {formatPrice(p.price)}
                    </td>
                    <td data-label="Stock">
                      {formatCount(p.quantity)}
                      {p.quantity < p.minOrder && (
                        <span className="badge badge-soft badge-warning ms-2 whitespace-nowrap">
                          Low stock
                        </span>
                      )}
                    </td>
                    <td data-label="Minimum order">{formatCount(p.minOrder)}</td>
                    <td data-label="Action">
                      <div className="flex gap-2">
                        {p.deletedAt ? (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline"
                            aria-label={`Restore ${p.name}`}
                            onClick={() => restoring.ask(p)}
                          >
                            Restore
                          </button>
                        ) : (
                          <EditDeleteButtons
                            name={p.name}
                            onEdit={() => setEditing(p)}
                            onDelete={() => deleting.ask(p)}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            {editing && (
              <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />
            )}
            {deleting.target && (
              <ConfirmDialog
                title="Delete product?"
                confirmLabel="Delete"
                busy={deleting.busy}
                error={deleting.error}
                onConfirm={() => deleting.confirm((p) => deleteProduct(p._id), messages.productDeleted)}
                onClose={deleting.close}
              >
                <p>
                  <span className="font-semibold">{deleting.target.name}</span> leaves the catalogue:
                  customers can no longer order it. Its past orders are kept.
                </p>
              </ConfirmDialog>
            )}
            {restoring.target && (
              <ConfirmDialog
                title="Restore product?"
                confirmLabel="Restore"
                busy={restoring.busy}
                error={restoring.error}
                onConfirm={() =>
                  restoring.confirm((p) => restoreProduct.mutateAsync(p._id), 'Product restored')
                }
                onClose={restoring.close}
              >
                <p>
                  <span className="font-semibold">{restoring.target.name}</span> returns to the catalogue with
                  its stock, prices and specs as they were when it was deleted: customers can order it again.
                </p>
              </ConfirmDialog>
            )}
          </>
        )}
      </PagedList>
    </>
  );
}
