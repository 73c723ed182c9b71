import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server features' lint rules (docs/decisions/069-feature-owned-tables.md), run through ESLint's own API on
 * planted code as if it were a file of the shop: a feature writing a table it does not own, and two features
 * importing each other, each fail the lint.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const lint = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
};
const writeErrors = async (code: string, filePath: string) =>
  (await lint(code, filePath))
    .filter((m) => m.ruleId === 'owners/no-foreign-table-write')
    .map((m) => `${m.line}: ${m.message.split(':')[0]}`);

const plantedWrites = `import { sql } from 'drizzle-orm';
import { orders as lines, reviews } from '../../db/schema';
import * as schema from '../../db/schema';
import type { Tx } from '../../infra/db';
export async function planted(tx: Tx, id: string) {
  await tx.update(lines).set({ number: 'x' });
  await tx.delete(schema.cartLines);
  await tx.execute(sql\`delete from orders where id = \${id}\`);
  await tx.execute(sql\`update \${lines} set number = 'x' where id = \${id}\`);
  await tx.execute(sql\`insert into "products" (sku) values ('x')\`);
  await tx.insert(reviews).values([]);
  await tx.execute(sql\`insert into reviews (id) values (\${id}) on conflict (id) do update set id = excluded.id\`);
  await tx.execute(sql\`select * from \${lines} where id = \${id} for update\`);
}
`;

describe('no-foreign-table-write', () => {
  it("reports drizzle and raw-SQL writes to another feature's table, naming its owner", async () => {
    expect(await writeErrors(plantedWrites, 'src/server/features/reviews/planted.ts')).toEqual([
      '6: reviews may not update orders',
      '7: reviews may not delete cart_lines',
      '8: reviews may not delete orders',
      '9: reviews may not update orders',
      '10: reviews may not insert products',
    ]);
    const [message] = (await lint(plantedWrites, 'src/server/features/reviews/planted.ts')).filter(
      (m) => m.ruleId === 'owners/no-foreign-table-write',
    );
    expect(message!.message).toContain('orders owns it');
  }, 60_000);

  it('lets the owner write its tables, the allow-list its entries, and tests arrange any rows', async () => {
    expect(await writeErrors(plantedWrites, 'src/server/features/orders/planted.ts')).toEqual([
      '7: orders may not delete cart_lines',
      '10: orders may not insert products',
      '11: orders may not insert reviews',
      '12: orders may not insert reviews',
    ]);
    // eslint/table-owners.js lets the inventory change stock on the product row, and nothing else of the catalogue.
    const stock = `import { products, categories } from '../../db/schema';
import type { Tx } from '../../infra/db';
export const a = (tx: Tx) => tx.update(products).set({ quantity: 1 });
export const b = (tx: Tx) => tx.delete(categories);
`;
    expect(await writeErrors(stock, 'src/server/features/inventory/planted.ts')).toEqual([
      '4: inventory may not delete categories',
    ]);
    expect(await writeErrors(plantedWrites, 'src/server/features/reviews/planted.test.ts')).toEqual([]);
  }, 60_000);
});

describe('the server feature graph', () => {
  it('fails the lint on an import cycle between two features, and on the undeclared dependency that makes it', async () => {
    // webhooks sits below orders (orders announces its changes through it): webhooks importing orders closes a loop.
    const file = 'src/server/features/webhooks/index.ts';
    const code = `${await readFile(file, 'utf8')}\nexport { announceOrders } from '../orders/index';\n`;
    const messages = await lint(code, file);
    expect(messages.map((m) => m.ruleId)).toEqual(expect.arrayContaining(['imports/no-cycle']));
    expect(messages.find((m) => m.ruleId === 'no-restricted-imports')?.message).toContain(
      'webhooks may not depend on orders',
    );
    expect((await lint(await readFile(file, 'utf8'), file)).map((m) => m.ruleId)).toEqual([]);
  }, 120_000);

  it('finds a cycle through an alias and through a dynamic import, and lets a type-only import back pass', async () => {
    // order-modal.tsx imports use-prefill.ts (as @/lib/use-prefill): use-prefill importing it back by value closes a
    // loop, lazily too; importing only its types does not (they are erased).
    const file = 'src/web/lib/use-prefill.ts';
    const own = await readFile(file, 'utf8');
    const modal = '@/features/orders/components/order-modal';
    const cycles = async (code: string) =>
      (await lint(code, file)).filter((m) => m.ruleId === 'imports/no-cycle').map((m) => m.message);
    const [direct] = await cycles(`${own}\nexport * from '${modal}';\n`);
    expect(direct).toContain(
      'src/web/lib/use-prefill.ts → src/web/features/orders/components/order-modal.tsx',
    );
    expect(await cycles(`${own}\nexport const lazy = () => import('${modal}');\n`)).toHaveLength(1);
    expect(await cycles(`import type { OrderingCustomer } from '${modal}';\n${own}`)).toEqual([]);
    expect(await cycles(`import { type OrderingCustomer } from '${modal}';\n${own}`)).toEqual([]);
    expect(await cycles(own)).toEqual([]);
  }, 120_000);

  it('refuses a declared graph with a cycle (eslint.config.js checks its serverFeatures on load)', async () => {
    const { assertAcyclic } = (await import(pathToFileURL(path.resolve('eslint/feature-graph.js')).href)) as {
      assertAcyclic: (graph: Record<string, string[]>) => void;
    };
    expect(() => assertAcyclic({ orders: ['webhooks'], webhooks: ['notifications', 'orders'] })).toThrow(
      'server feature cycle: orders -> webhooks -> orders',
    );
    expect(() => assertAcyclic({ orders: ['webhooks'], webhooks: ['notifications'] })).not.toThrow();
  });
});
