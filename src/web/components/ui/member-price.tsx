import { formatCents } from '@shared/common/money';

/**
 * A price as the caller pays it: a trade-account member with a contract price below the list price sees their price
 * with the list price struck through (docs/decisions/039-trade-accounts.md). The visible strike-through is hidden
 * from screen readers, which hear "Your price $X, list price $Y" instead.
 */
export function MemberPrice({
  priceCents,
  contractPriceCents,
  className,
  suffix,
  as: Tag = 'p',
}: {
  priceCents: number;
  /** The member's contract unit price; null or absent when there is none. */
  contractPriceCents?: number | null | undefined;
  className?: string;
  suffix?: React.ReactNode;
  /** `span` inside phrasing content (a suggestion's line), where a paragraph may not go. */
  as?: 'p' | 'span';
}) {
  if (contractPriceCents == null || contractPriceCents >= priceCents)
    return (
      <Tag className={className}>
        {formatCents(priceCents)}
        {suffix}
      </Tag>
    );
  return (
    <Tag className={className}>
      <span className="sr-only">
        Your price {formatCents(contractPriceCents)}, list price {formatCents(priceCents)}
      </span>
      <span aria-hidden="true">
        <span className="mr-1 text-sm font-normal">Your price</span>
        {formatCents(contractPriceCents)}
        <s className="ml-2 text-base font-normal text-base-content/75">{formatCents(priceCents)}</s>
      </span>
      {suffix}
    </Tag>
  );
}
