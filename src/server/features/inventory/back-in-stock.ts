import { sql } from 'drizzle-orm';
import { AppError, notFound } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { composeMail } from '../../infra/mail';
import type { StaffMail } from '../notifications/index';

/**
 * What answering "mail me when it is back" needs: the mail queue, and the shop's name and address for the link.
 * The same object tells staff of low stock, so it carries STAFF_EMAILS too.
 */
export type BackInStockMail = StaffMail;

export const orderableNowMessage = 'This product can be ordered now: there is no need to wait for it.';

/** The notice is a mail: like ordering and quotes, it goes only to an address its owner has verified. */
export const verifyFirstMessage =
  'Please verify your email address before asking to be told when a product is back: follow the link in the verification mail we sent you.';

/** A product can be ordered when its stock holds the minimum order rounded up to a whole pack. */
const orderable = (p: string) =>
  sql.raw(`${p}.quantity >= ceil(${p}.min_order::numeric / ${p}.pack_size) * ${p}.pack_size`);

interface Due extends Record<string, unknown> {
  productId: string;
  productName: string;
  email: string;
  name: string;
}

/**
 * Answers the waiting requests of these products that can be ordered now: each is marked notified and its mail is
 * queued in the caller's transaction, so both commit with the change that brought the stock back, or neither. The
 * conditional update claims a request once, whatever runs concurrently: nobody is mailed twice. When nobody waits it
 * is one indexed update that touches nothing (back_in_stock_waiting_idx).
 */
export async function answerWaiting(tx: Tx | Db, productIds: readonly string[], mail: BackInStockMail) {
  if (productIds.length === 0) return 0;
  const { rows } = await tx.execute<Due>(sql`
    with due as (
      update back_in_stock_requests r set notified_at = now()
      from products p, "user" u
      where r.product_id = any(${sql.param([...new Set(productIds)])}::uuid[]) and r.notified_at is null
        and p.id = r.product_id and p.archived_at is null and ${orderable('p')}
        and u.id = r.user_id and u.email_verified
      returning p.id, p.name, u.email, u.name as "userName")
    select id as "productId", name as "productName", email, "userName" as name from due`);
  for (const r of rows) {
    const message = composeMail(mail.shopName, {
      to: r.email,
      subject: `Back in stock: ${r.productName}`,
      greeting: `Hello ${r.name},`,
      paragraphs: [
        `${r.productName} is back in stock and can be ordered again.`,
        'We send this mail once; ask again on the product page if it runs out before you order.',
      ],
      action: { label: 'Order now', url: `${mail.baseUrl}/product/${r.productId}` },
    });
    await mail.mailer.send(message, { tx });
  }
  return rows.length;
}

/** Whether the product exists (and is sold) and can be ordered now; `lock` holds its row until commit. */
async function productState(db: Db | Tx, productId: string, lock = false) {
  const { rows } = await db.execute<{ orderable: boolean }>(sql`
    select ${orderable('p')} as orderable from products p where p.id = ${productId}::uuid and p.archived_at is null
    ${lock ? sql`for share` : sql``}`);
  if (!rows[0]) throw notFound('Product');
  return rows[0];
}

/**
 * "Mail me when it is back": only for a product that cannot be ordered now (409 otherwise). Asking again is
 * harmless; asking after an earlier mail waits for the next return. The product's row is share-locked while the
 * request is written, so a restock committing meanwhile either comes first (409: it can be ordered) or waits and
 * then sees the request.
 */
export async function requestNotice(
  db: Db,
  user: { id: string; emailVerified: boolean },
  productId: string,
): Promise<void> {
  if (!user.emailVerified) throw new AppError('forbidden', verifyFirstMessage);
  const userId = user.id;
  await db.transaction(async (tx) => {
    if ((await productState(tx, productId, true)).orderable)
      throw new AppError('conflict', orderableNowMessage);
    await tx.execute(sql`
      insert into back_in_stock_requests (user_id, product_id) values (${userId}, ${productId}::uuid)
      on conflict (user_id, product_id) do update set notified_at = null, created_at = now()
      where back_in_stock_requests.notified_at is not null`);
  });
}

/** Withdraws the caller's request (nothing to withdraw is fine). */
export async function withdrawNotice(db: Db, userId: string, productId: string): Promise<void> {
  await db.execute(
    sql`delete from back_in_stock_requests where user_id = ${userId} and product_id = ${productId}::uuid`,
  );
}

/** Whether the caller is waiting for this product. */
export async function isWaiting(db: Db, userId: string, productId: string): Promise<boolean> {
  await productState(db, productId);
  const { rows } = await db.execute(sql`
    select 1 from back_in_stock_requests
    where user_id = ${userId} and product_id = ${productId}::uuid and notified_at is null`);
  return rows.length > 0;
}
