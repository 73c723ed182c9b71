// No zod here: the browser's pages import these (the first load ships no zod, decision 004).

/** Why a buyer sends something back. */
export const returnReasons = ['wrong_part', 'damaged', 'not_needed', 'warranty_failure'] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  wrong_part: 'Wrong part',
  damaged: 'Damaged',
  not_needed: 'Not needed',
  warranty_failure: 'Warranty failure',
};

/**
 * Where a return stands (docs/decisions/065-returns.md): requested → approved (RMA number) or rejected; approved →
 * received (what came back, restocked or scrapped) → refunded (through the one refund path) or replaced.
 */
export const returnStatuses = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'replaced',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  replaced: 'Replaced',
};

export const returnConditions = ['resaleable', 'damaged'] as const;
export type ReturnCondition = (typeof returnConditions)[number];

/** The shop's defaults until an admin sets its own: days to ask for a return after shipping, restocking fee. */
export const defaultReturnPolicy: Record<ReturnReason, { windowDays: number; feePercent: number }> = {
  wrong_part: { windowDays: 30, feePercent: 0 },
  damaged: { windowDays: 30, feePercent: 0 },
  not_needed: { windowDays: 30, feePercent: 15 },
  warranty_failure: { windowDays: 365, feePercent: 0 },
};

/** RMA-000123: the return's gapless number, as order numbers are printed (decision 049). */
export const formatRma = (n: number) => `RMA-${String(n).padStart(6, '0')}`;

export const MAX_RETURN_PHOTOS = 5;
