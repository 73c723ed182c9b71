import { useId } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Trash2 } from 'lucide-react';
import { firstOrderableQuantity } from '@shared/catalogue/pricing';
import type { CartLine } from '@shared/cart/cart.schema';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { paths } from '@/config/paths';
import { backorderNote } from '@shared/orders/orders.schema';
import { formatCents } from '@shared/common/money';
import { formatCount } from '@/lib/format';

/** The most a cart line may hold (the cart's own limit). */
const MAX_LINE_QUANTITY = 1_000_000;

/**
 * One row of the cart: the product, a stepper by whole packs, the unit price its quantity reaches (the base price
 * struck through when a break applies), the line total and saving, and why the line cannot be ordered now.
 */
export function CartLineRow({
  line,
  busy,
  error,
  onQuantity,
  onRemove,
}: {
  line: CartLine;
  busy: boolean;
  /** The server's answer to the last change of this line, when it said no. */
  error: string | undefined;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const noteId = useId();
  const note = error ?? line.problem ?? undefined;
  const backorder = backorderNote({
    backorderedQuantity: line.backordered,
    expectedShipOn: line.expectedShipOn,
  });
  const reduced = line.unitPriceCents < line.basePriceCents;
  return (
    <tr aria-busy={busy}>
      <td className="min-w-56">
        <div className="flex items-center gap-3">
          <img
            src={line.img}
            alt=""
            width={64}
            height={48}
            loading="lazy"
            className="h-12 w-16 shrink-0 rounded-field bg-base-200 object-cover"
          />
          <div>
            <Link to={paths.product(line.productId)} className="link link-hover font-medium">
              {line.name}
            </Link>
            <div className="text-sm text-base-content/75">
              SKU <span className="font-mono">{line.sku}</span>
              {line.packSize > 1 && <> · packs of {formatCount(line.packSize)}</>}
            </div>
          </div>
        </div>
        {note && (
          <p id={noteId} className="mt-2 flex items-start gap-1 text-sm text-error">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {note}
          </p>
        )}
      </td>
      <td data-label="Quantity">
        <QuantityStepper
          value={line.quantity}
          step={line.packSize}
          min={firstOrderableQuantity(line)}
          max={line.backorderable ? MAX_LINE_QUANTITY : line.stock}
          what={line.name}
          busy={busy}
          invalid={!!note}
          describedBy={note ? noteId : undefined}
          onCommit={onQuantity}
        />
        <div className="mt-1 text-xs text-base-content/75">{formatCount(line.stock)} in stock</div>
        {backorder && <div className="mt-1 text-xs text-warning-content">{backorder}</div>}
      </td>
      <td data-label="Unit price" className="whitespace-nowrap">
        {formatCents(line.unitPriceCents)}
        {reduced && (
          <div className="text-xs text-base-content/75">
            <span className="sr-only">instead of </span>
            <s>{formatCents(line.basePriceCents)}</s>
          </div>
        )}
      </td>
      <td data-label="Total" className="whitespace-nowrap">
        <span className="font-semibold">{formatCents(line.lineTotalCents)}</span>
        {line.savingCents > 0 && (
          <div className="text-xs text-success">You save {formatCents(line.savingCents)}</div>
        )}
      </td>
      <td data-label="Remove">
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label={`Remove ${line.name} from the cart`}
          disabled={busy}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </td>
    </tr>
  );
}
