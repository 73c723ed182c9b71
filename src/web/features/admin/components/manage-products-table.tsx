import { useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { messages } from '@shared/messages';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { formatCount, formatPrice } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../accounts/components/confirm-dialog';
import { useProducts } from '../../catalogue/api/get-products';
import { useDeleteProduct } from '../api/delete-product';
import { EditProductDialog } from './edit-product-dialog';

/** SPEC §2/§6 Manage Products: every product, with Edit (dialog) and Delete (confirmed; the product is archived). */
export function ManageProductsTable() {
  const products = useProducts();
  const deleteProduct = useDeleteProduct();
  const [editing, setEditing] = useState<Product | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setError('');
    try {
      await deleteProduct(deleting._id);
      void notify('success', messages.productDeleted);
      setDeleting(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (products.isPending)
    return (
      <div role="status" className="mt-6 space-y-3">
        <span className="sr-only">Loading products…</span>
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} aria-hidden="true" className="skeleton h-16 w-full" />
        ))}
      </div>
    );
  if (products.isError)
    return (
      <ErrorState
        message={`We could not load the products. ${products.error.message}`}
        onRetry={() => void products.refetch()}
      />
    );
  if (products.data.length === 0)
    return <p className="mt-6 text-base-content/75">There are no products yet. Add one first.</p>;

  return (
    <>
      <div className="mt-6 overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <caption className="sr-only">All products of the catalogue</caption>
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Name</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col">Minimum order</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {products.data.map((p) => (
              <tr key={p._id}>
                <td>
                  <img
                    src={p.img}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 rounded-box border border-base-300 bg-base-200 object-cover"
                  />
                </td>
                <td className="min-w-40 font-medium">
                  <Link to={paths.product(p._id)} className="link link-hover">
                    {p.name}
                  </Link>
                </td>
                <td className="whitespace-nowrap">{formatPrice(p.price)}</td>
                <td>
                  {formatCount(p.quantity)}
                  {p.quantity < p.minOrder && (
                    <span className="badge badge-soft badge-warning ms-2 whitespace-nowrap">Low stock</span>
                  )}
                </td>
                <td>{formatCount(p.minOrder)}</td>
                <td>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Edit ${p.name}`}
                      onClick={() => setEditing(p)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-error"
                      aria-label={`Delete ${p.name}`}
                      onClick={() => {
                        setError('');
                        setDeleting(p);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title="Delete product?"
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
        >
          <p>
            <span className="font-semibold">{deleting.name}</span> leaves the catalogue: customers can no
            longer order it. Its past orders are kept.
          </p>
          {error && (
            <p role="alert" className="mt-3 text-sm text-error">
              {error}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
