import type { FastifyInstance } from 'fastify';
import type { CatalogueImport } from '@shared/catalogue/catalogue-csv.schema';
import type { Client } from './auth';
import { multipartFile } from './multipart';

/** Uploads a CSV to the import, as the admin page does. */
export function uploadCsv(app: FastifyInstance, client: Client, csv: string | Buffer, query = '') {
  const body = multipartFile('file', 'catalogue.csv', 'text/csv', csv);
  return app.inject({
    method: 'POST',
    url: `/api/catalogue/imports${query}`,
    headers: { ...client.headers, ...body.headers },
    payload: body.payload,
  });
}

/** Polls an import until it has finished, as the page's progress bar does. */
export async function importResult(
  app: FastifyInstance,
  client: Client,
  id: string,
): Promise<CatalogueImport> {
  for (let i = 0; i < 600; i++) {
    const res = await app.inject({ url: `/api/catalogue/imports/${id}`, headers: client.headers });
    const body = res.json() as CatalogueImport;
    if (!['validating', 'writing'].includes(body.status)) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

/** Uploads and waits for the result. */
export async function importCsv(app: FastifyInstance, client: Client, csv: string | Buffer, query = '') {
  const res = await uploadCsv(app, client, csv, query);
  if (res.statusCode !== 202) throw new Error(`import answered ${res.statusCode}: ${res.body}`);
  return importResult(app, client, res.json().importId);
}
