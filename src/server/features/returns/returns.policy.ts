import type { ReturnPolicies } from '@shared/returns/returns.schema';
import { defaultReturnPolicy, returnReasons, type ReturnReason } from '@shared/returns/returns.constants';
import { returnPolicies } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';

/** The shop's return window and restocking fee per reason: its own where set, the defaults otherwise. */
export async function returnPolicy(db: Db | Tx): Promise<ReturnPolicies> {
  const rows = await db.select().from(returnPolicies);
  const of = (reason: ReturnReason) => {
    const row = rows.find((r) => r.reason === reason);
    return row ? { windowDays: row.windowDays, feePercent: row.feePercent } : defaultReturnPolicy[reason];
  };
  return Object.fromEntries(returnReasons.map((r) => [r, of(r)])) as ReturnPolicies;
}

/** Sets every reason's window and fee at once (admin), audited. */
export async function setReturnPolicy(db: Db, actor: SessionUser, next: ReturnPolicies) {
  return db.transaction(async (tx) => {
    const before = await returnPolicy(tx);
    for (const reason of returnReasons) {
      const p = next[reason];
      await tx
        .insert(returnPolicies)
        .values({ reason, ...p })
        .onConflictDoUpdate({ target: returnPolicies.reason, set: p });
    }
    await recordAudit(tx, actor, {
      kind: 'return.policy_changed',
      entityType: 'return',
      entityId: 'policy',
      summary: 'Changed the return windows and restocking fees',
      before,
      after: next,
    });
    return returnPolicy(tx);
  });
}
