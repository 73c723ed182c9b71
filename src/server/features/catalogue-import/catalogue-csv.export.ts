import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { csvColumns, specColumn } from '@shared/catalogue/catalogue-csv.schema';
import type { Db } from '../../infra/db';
import { csvWriter } from '../../infra/csv-write';
import { breaksCell, breaksKeySql } from './catalogue-csv.pricing';
import type { CsvProduct } from './catalogue-csv.rows';
import { shippingSelect } from './catalogue-csv.shipping';
import { gramsToLb, mmToIn } from '@shared/catalogue/product-shipping';
import { type Attribute, loadAttributes, loadCategories } from '../catalogue/index';
import { centsToDollarText } from '@shared/common/money';

const inches = (mm: number | null) => (mm === null ? '' : mmToIn(mm));

/** Rows read per query: memory stays bounded by one batch whatever the catalogue's size. */
const BATCH = 1000;

type ExportRow = CsvProduct & Record<string, unknown>;

interface SpecRow extends Record<string, unknown> {
  productId: string;
  attributeId: number;
  value: number | null;
  valueText: string | null;
}

export const exportHeader = (attributes: Attribute[]) => [
  ...csvColumns,
  ...attributes.map((a) => specColumn(a.key, a.type === 'number' ? a.unit : null)),
];

/** Live products in primary-key order, one batch per query (keyset on id, so each query is an index range). */
async function* productBatches(db: Db) {
  let after: string | null = null;
  for (;;) {
    const { rows }: { rows: ExportRow[] } = await db.execute<ExportRow>(sql`
      select id, sku, name, brand, category_id as "categoryId", price_cents as "priceCents", quantity,
        min_order as "minOrder", description, img, pack_size as "packSize",
        low_stock_threshold as "lowStockThreshold", ${breaksKeySql} as "priceBreaks", ${shippingSelect}
      from products
      where archived_at is null ${after ? sql`and id > ${after}::uuid` : sql``}
      order by id limit ${BATCH}`);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

async function specsOf(db: Db, ids: string[]): Promise<Map<string, Map<number, string | number>>> {
  const { rows } = await db.execute<SpecRow>(sql`
    select product_id as "productId", attribute_id as "attributeId", value, value_text as "valueText"
    from product_specs where product_id = any(${sql.param(ids)}::uuid[])`);
  const out = new Map<string, Map<number, string | number>>();
  for (const r of rows) {
    const value = r.value ?? r.valueText;
    if (value === null) continue;
    if (!out.has(r.productId)) out.set(r.productId, new Map());
    out.get(r.productId)!.set(r.attributeId, value);
  }
  return out;
}

/**
 * The whole catalogue as CSV for a spreadsheet: UTF-8 with a byte order mark (so Excel reads it as UTF-8), one column
 * per spec with its canonical unit in the header, prices in dollars. Streamed batch by batch with backpressure.
 */
export async function exportCatalogueCsv(db: Db): Promise<Readable> {
  const [attributes, categories] = await Promise.all([loadAttributes(db), loadCategories(db)]);
  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  async function* records() {
    for await (const batch of productBatches(db)) {
      const specs = await specsOf(
        db,
        batch.map((p) => p.id),
      );
      for (const p of batch) {
        const own = specs.get(p.id);
        yield [
          p.sku,
          p.name,
          p.brand ?? '',
          p.categoryId ? (slugOf.get(p.categoryId) ?? '') : '',
          centsToDollarText(p.priceCents),
          p.quantity,
          p.minOrder,
          p.description,
          p.img,
          p.packSize,
          breaksCell(p.priceBreaks),
          p.lowStockThreshold ?? '',
          p.shippingWeightGrams === null ? '' : gramsToLb(p.shippingWeightGrams),
          inches(p.lengthMm),
          inches(p.widthMm),
          inches(p.heightMm),
          p.shipsAs,
          p.freightClass ?? '',
          p.backorderable ? 'true' : 'false',
          p.leadTimeDays ?? '',
          ...attributes.map((a) => own?.get(a.id) ?? ''),
        ];
      }
    }
  }
  const csv = csvWriter(exportHeader(attributes));
  const source = Readable.from(records());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
