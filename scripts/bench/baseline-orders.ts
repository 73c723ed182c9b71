// Baseline for the order scenarios: a bare fastify + pg server running each transaction type with the shop's own
// statements (the product read, the order insert, moveStock's conditional update + ledger row) and nothing else: no
// session lookup, limits, mail, idempotency or cache announcement. One route per transaction type, so a later one
// (a multi-line checkout) is added beside the single-product order.
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, products } from '../../src/server/db/schema';
import { moveStock } from '../../src/server/features/inventory/inventory.service';
import { openDatabase } from '../../src/server/plugins/db';

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

app.get('/readyz', () => 'ok');

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
