import { formatPrice } from '@/lib/format';

/**
 * A price as the caller pays it: a trade-account member with a contract price below the list price sees their price
 * with the list price struck through (docs/decisions/039-trade-accounts.md). The visible strike-through is hidden
 * from screen readers, which hear "Your price $X, list price $Y" instead.
 */
export function MemberPrice({
  price,
  contractPrice,
  className,
  suffix,
  as: Tag = 'p',
}: {
  price: number;
  contractPrice?: number | null;
  className?: string;
  suffix?: React.ReactNode;
  /** `span` inside phrasing content (a suggestion's line), where a paragraph may not go. */
  as?: 'p' | 'span';
}) {
  if (contractPrice == null || contractPrice >= price)
    return (
      <Tag className={className}>
        {formatPrice(price)}
        {suffix}
      </Tag>
    );
  return (
    <Tag className={className}>
      <span className="sr-only">
        Your price {formatPrice(contractPrice)}, list price {formatPrice(price)}
      </span>
      <span aria-hidden="true">
        <span className="mr-1 text-sm font-normal">Your price</span>
        {formatPrice(contractPrice)}
        <s className="ml-2 text-base font-normal text-base-content/75">{formatPrice(price)}</s>
      </span>
      {suffix}
    </Tag>
  );
}
