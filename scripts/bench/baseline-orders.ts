// Baseline for the order scenarios: a bare fastify + pg server running each transaction type with the shop's own
// statements (the product read, the order insert, moveStock's conditional update + ledger row) and nothing else: no
// session lookup, limits, mail, idempotency or cache announcement. One route per transaction type, so a later one
// (a multi-line checkout) is added beside the single-product order.
//
// Under /services/… the same server runs the issue's own definition of the baseline, "the same transaction": it
// calls the shop's order, cart and checkout services themselves (price breaks, limits, the customer's lock, the
// mail job in the transaction), with the customer taken from the body — what the shop adds is then only its HTTP
// layer: the session, validation, idempotency, the cache announcements and its plugins.
import Fastify from 'fastify';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { cartLines, checkouts, orders, products } from '../../src/server/db/schema';
import { moveStock } from '../../src/server/features/inventory/inventory.service';
import { openDatabase } from '../../src/server/infra/db';
import { loadConfig } from '../../src/server/infra/config';
import { AppError } from '../../src/server/infra/errors';
import { createJobQueue } from '../../src/server/infra/jobs';
import { MAIL_JOB, type MailMessage } from '../../src/server/infra/mail';
import { orderDeps, type OrderPayments } from '../../src/server/features/orders/orders.model';
import { placeOrderNow as placeOrder } from '../../src/server/features/checkout/checkout.order-now';
import { addToCart } from '../../src/server/features/cart/index';
import { createCheckout } from '../../src/server/features/checkout/index';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 10 });
const { db } = database;

interface Line {
  productId: string;
  quantity: number;
}

/** Who orders: the shop takes it from the session; the bare server from the body. */
interface Customer {
  id: string;
  name: string;
  email: string;
}

class SoldOut extends Error {}

const app = Fastify({ logger: false });

/** The single-product order: read the product, insert the order, reserve its stock (update + ledger in one). */
app.post<{ Body: Line & { number: string; address: string; customer: Customer } }>(
  '/order',
  async (req, reply) => {
    const { customer, ...body } = req.body;
    try {
      const id = await db.transaction(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, body.productId));
        if (!product || product.quantity < body.quantity) throw new SoldOut();
        const [row] = await tx
          .insert(orders)
          .values({
            userId: customer.id,
            name: customer.name,
            email: customer.email,
            productId: product.id,
            productName: product.name,
            unitPriceCents: product.priceCents,
            quantity: body.quantity,
            number: body.number,
            address: body.address,
          })
          .returning({ id: orders.id });
        const reserved = await moveStock(tx, {
          productId: product.id,
          delta: -body.quantity,
          reason: 'order_reserved',
          orderId: row!.id,
          onlyIfAvailable: true,
          notify: null,
          // The shop's own staff notice for a fall to the threshold, part of the statement's cost.
          staff: deps.mail,
        });
        if (!reserved) throw new SoldOut();
        return row!.id;
      });
      return { acknowledged: true, insertedId: id };
    } catch (err) {
      if (err instanceof SoldOut) return reply.code(409).send({ error: 'conflict' });
      throw err;
    }
  },
);

/** A cart line: the shop's upsert on (customer, product), nothing checked but the product's existence. */
app.post<{ Body: Line & { customer: Customer } }>('/cart', async (req) => {
  const { customer, productId, quantity } = req.body;
  await db
    .insert(cartLines)
    .values({ userId: customer.id, productId, quantity })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, updatedAt: new Date() },
    });
  return { acknowledged: true };
});

/**
 * The checkout: the cart read under the customer's advisory lock, its products read, one checkout row, an order per
 * line and its stock reserved in product-id order, the cart emptied — the shop's statements without its checks,
 * limits, pricing breaks, mail or session.
 */
app.post<{ Body: { number: string; address: string; poNumber: string; customer: Customer } }>(
  '/checkout',
  async (req, reply) => {
    const { customer, ...body } = req.body;
    try {
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7, hashtext(${customer.id}))`);
        const lines = await tx
          .select()
          .from(cartLines)
          .where(eq(cartLines.userId, customer.id))
          .orderBy(asc(cartLines.productId));
        if (lines.length === 0) throw new SoldOut();
        const rows = await tx
          .select()
          .from(products)
          .where(
            inArray(
              products.id,
              lines.map((l) => l.productId),
            ),
          );
        const byId = new Map(rows.map((p) => [p.id, p]));
        const [co] = await tx
          .insert(checkouts)
          .values({ userId: customer.id, name: customer.name, email: customer.email, ...body })
          .returning({ id: checkouts.id });
        for (const l of lines) {
          const product = byId.get(l.productId)!;
          const [row] = await tx
            .insert(orders)
            .values({
              userId: customer.id,
              name: customer.name,
              email: customer.email,
              productId: product.id,
              productName: product.name,
              unitPriceCents: product.priceCents,
              quantity: l.quantity,
              number: body.number,
              address: body.address,
              checkoutId: co!.id,
            })
            .returning({ id: orders.id });
          const reserved = await moveStock(tx, {
            productId: product.id,
            delta: -l.quantity,
            reason: 'order_reserved',
            orderId: row!.id,
            onlyIfAvailable: true,
            notify: null,
            staff: deps.mail,
          });
          if (!reserved) throw new SoldOut();
        }
        await tx.delete(cartLines).where(eq(cartLines.userId, customer.id));
        return co!.id;
      });
      return reply.code(201).send({ _id: id });
    } catch (err) {
      if (err instanceof SoldOut) return reply.code(409).send({ error: 'conflict' });
      throw err;
    }
  },
);

// The shop's services, on this bare server. The job queue is never started: its mail jobs are only stored, in the
// order's transaction, as the shop's are (the shop's own workers, on the same database, deliver both).
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: process.env.DATA_DIR ?? '/tmp',
  BETTER_AUTH_SECRET: 'x'.repeat(40),
});
const queue = createJobQueue(database, app.log, { pollMs: 60_000, stopTimeoutMs: 1_000 });
queue.define<MailMessage>(
  MAIL_JOB,
  { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
  async () => {},
);
const noPayments = {} as OrderPayments; // placing orders never pays or refunds
const deps = orderDeps({
  db,
  config,
  mailer: { send: (m, o) => queue.send(MAIL_JOB, m, { tx: o?.tx }).then(() => {}), close: () => {} },
  log: app.log,
  payments: noPayments,
  jobs: queue,
});
const sessionUser = (c: Customer) => ({ ...c, role: 'user' as const, emailVerified: true });
const answer = async (
  reply: { code(n: number): { send(b: unknown): unknown } },
  work: () => Promise<unknown>,
) => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.status < 500)
      return reply.code(err.status).send({ error: err.message });
    throw err;
  }
};

app.post<{ Body: Line & { number: string; address: string; customer: Customer } }>(
  '/services/order',
  (req, reply) => {
    const { customer, ...input } = req.body;
    return answer(reply, () => placeOrder(deps, sessionUser(customer), input));
  },
);
app.post<{ Body: Line & { customer: Customer } }>('/services/cart', (req, reply) => {
  const { customer, ...input } = req.body;
  return answer(reply, () => addToCart(db, customer.id, input));
});
app.post<{ Body: { number: string; address: string; poNumber: string; customer: Customer } }>(
  '/services/checkout',
  (req, reply) => {
    const { customer, ...input } = req.body;
    return answer(reply, async () =>
      reply.code(201).send(await createCheckout(deps, sessionUser(customer), input)),
    );
  },
);

app.get('/readyz', () => 'ok');

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
