import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import {
  companyMessages,
  MAX_LOCATIONS,
  type Location,
  type LocationInput,
  type PageQuery,
} from '@shared/companies/companies.schema';
import { companyLocations, companyMembers, taxExemptions, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { access, isUniqueViolation, lockCompany } from './companies.access';

const columns = {
  row: companyLocations,
  exemptionNumber: taxExemptions.number,
  exemptionStates: taxExemptions.states,
};
type LocationRow = {
  row: typeof companyLocations.$inferSelect;
  exemptionNumber: string | null;
  exemptionStates: string[] | null;
};

const toLocation = (r: LocationRow): Location => ({
  _id: r.row.id,
  name: r.row.name,
  street: r.row.street,
  city: r.row.city,
  state: r.row.state,
  zip: r.row.zip,
  taxExemption:
    r.row.taxExemptionId && r.exemptionNumber
      ? { _id: r.row.taxExemptionId, number: r.exemptionNumber, states: r.exemptionStates ?? [] }
      : null,
  createdAt: r.row.createdAt.toISOString(),
});

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${companyLocations.createdAt}`,
  dir: 'desc',
  id: sql`${companyLocations.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/** GET /api/companies/{id}/locations: any member (they ship there), newest first. */
export async function listLocations(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<Location>> {
  await access(db, caller, id);
  const where = eq(companyLocations.companyId, id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...columns, cursorKey: keyText(newest), cursorId: sql<string>`${companyLocations.id}::text` })
      .from(companyLocations)
      .leftJoin(taxExemptions, eq(taxExemptions.id, companyLocations.taxExemptionId))
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyLocations)
      .where(where),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  return { items: cut.rows.map(toLocation), nextCursor: cut.nextCursor, total: counted?.n ?? 0 };
}

/** Approved, unexpired certificates held by the company's members: the ones a location may name. */
function memberExemptions(companyId: string) {
  return and(
    eq(companyMembers.companyId, companyId),
    eq(taxExemptions.status, 'approved'),
    sql`${taxExemptions.expiresOn} >= current_date`,
  );
}

/** GET /api/companies/{id}/tax-exemptions (company admin): at most the 100 expiring last. */
export async function listCompanyExemptions(db: Db, caller: SessionUser, id: string) {
  await access(db, caller, id, 'admin');
  const rows = await db
    .select({ e: taxExemptions, email: user.email })
    .from(taxExemptions)
    .innerJoin(companyMembers, eq(companyMembers.userId, taxExemptions.userId))
    .innerJoin(user, eq(user.id, taxExemptions.userId))
    .where(memberExemptions(id))
    .orderBy(sql`${taxExemptions.expiresOn} desc`, sql`${taxExemptions.id}`)
    .limit(100);
  return rows.map((r) => ({
    _id: r.e.id,
    number: r.e.number,
    states: r.e.states,
    expiresOn: r.e.expiresOn,
    holderEmail: r.email,
  }));
}

async function assertExemption(tx: Tx, companyId: string, exemptionId: string | null | undefined) {
  if (!exemptionId) return;
  const [row] = await tx
    .select({ id: taxExemptions.id })
    .from(taxExemptions)
    .innerJoin(companyMembers, eq(companyMembers.userId, taxExemptions.userId))
    .where(and(eq(taxExemptions.id, exemptionId), memberExemptions(companyId)));
  if (!row)
    throw fieldError(
      'bad_request',
      'taxExemptionId',
      "must be an approved, unexpired certificate of one of the company's members",
    );
}

async function readLocation(tx: Tx, companyId: string, locationId: string) {
  const [row] = await tx
    .select(columns)
    .from(companyLocations)
    .leftJoin(taxExemptions, eq(taxExemptions.id, companyLocations.taxExemptionId))
    .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, companyId)));
  if (!row) throw notFound('Location');
  return row;
}

const valuesOf = (input: LocationInput) => ({
  name: input.name,
  ...input.address,
  taxExemptionId: input.taxExemptionId ?? null,
});

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err)) throw fieldError('conflict', 'name', companyMessages.locationNameTaken);
  throw err;
};

/** POST /api/companies/{id}/locations (company admin). */
export async function addLocation(
  db: Db,
  caller: SessionUser,
  id: string,
  input: LocationInput,
): Promise<Location> {
  return db
    .transaction(async (tx) => {
      await access(tx, caller, id, 'admin');
      await lockCompany(tx, id);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(companyLocations)
        .where(eq(companyLocations.companyId, id));
      if (n >= MAX_LOCATIONS)
        throw new AppError('conflict', `A company can have at most ${MAX_LOCATIONS} locations.`);
      await assertExemption(tx, id, input.taxExemptionId);
      const [row] = await tx
        .insert(companyLocations)
        .values({ companyId: id, ...valuesOf(input) })
        .returning();
      await recordAudit(tx, caller, {
        kind: 'company_location.created',
        entityType: 'company',
        entityId: id,
        summary: `Added the location ${input.name} (${input.address.city}, ${input.address.state})`,
        after: valuesOf(input),
      });
      return toLocation(await readLocation(tx, id, row!.id));
    })
    .catch(nameTaken);
}

/** PUT /api/companies/{id}/locations/{itemId} (company admin). */
export async function updateLocation(
  db: Db,
  caller: SessionUser,
  id: string,
  locationId: string,
  input: LocationInput,
): Promise<Location> {
  return db
    .transaction(async (tx) => {
      await access(tx, caller, id, 'admin');
      const before = await readLocation(tx, id, locationId);
      await assertExemption(tx, id, input.taxExemptionId);
      await tx.update(companyLocations).set(valuesOf(input)).where(eq(companyLocations.id, locationId));
      await recordAudit(tx, caller, {
        kind: 'company_location.edited',
        entityType: 'company',
        entityId: id,
        summary: `Edited the location ${input.name}`,
        before: { ...toLocation(before), createdAt: undefined },
        after: valuesOf(input),
      });
      return toLocation(await readLocation(tx, id, locationId));
    })
    .catch(nameTaken);
}

/** DELETE /api/companies/{id}/locations/{itemId} (company admin). */
export async function deleteLocation(db: Db, caller: SessionUser, id: string, locationId: string) {
  return db.transaction(async (tx) => {
    await access(tx, caller, id, 'admin');
    const [row] = await tx
      .delete(companyLocations)
      .where(and(eq(companyLocations.id, locationId), eq(companyLocations.companyId, id)))
      .returning();
    if (!row) throw notFound('Location');
    await recordAudit(tx, caller, {
      kind: 'company_location.deleted',
      entityType: 'company',
      entityId: id,
      summary: `Removed the location ${row.name}`,
      before: { name: row.name, street: row.street, city: row.city, state: row.state, zip: row.zip },
    });
    return { acknowledged: true as const };
  });
}

/** A company location as a sale ships to it, with the certificate that may exempt it (decision 039, addendum). */
export interface ShipToLocation {
  shipTo: { street: string; city: string; state: string; zip: string };
  /** Approved, unexpired on `onDay`, its holder still a member; null otherwise (the sale is then taxed as usual). */
  exemption: { number: string; states: string[] } | null;
}

/**
 * The checkout's `locationId`: a location of the caller's own company, else 400 on `locationId` (another company's
 * location is not told apart from an unknown one). Read inside the sale's transaction, as the tax it decides.
 */
export async function locationForSale(
  db: Db | Tx,
  userId: string,
  locationId: string,
  onDay: string,
): Promise<ShipToLocation> {
  const [row] = await db
    .select({ l: companyLocations, number: taxExemptions.number, states: taxExemptions.states })
    .from(companyLocations)
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.companyId, companyLocations.companyId), eq(companyMembers.userId, userId)),
    )
    .leftJoin(
      taxExemptions,
      and(
        eq(taxExemptions.id, companyLocations.taxExemptionId),
        eq(taxExemptions.status, 'approved'),
        sql`${taxExemptions.expiresOn} >= ${onDay}`,
        // The certificate's holder must still be a member of this company.
        sql`exists (select 1 from ${companyMembers} m where m.user_id = ${taxExemptions.userId}
          and m.company_id = ${companyLocations.companyId})`,
      ),
    )
    .where(eq(companyLocations.id, locationId));
  if (!row) throw fieldError('bad_request', 'locationId', companyMessages.locationNotYours);
  const { street, city, state, zip } = row.l;
  return {
    shipTo: { street, city, state, zip },
    exemption: row.number ? { number: row.number, states: row.states ?? [] } : null,
  };
}
