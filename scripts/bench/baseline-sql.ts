// Baseline 2: a bare fastify + pg server running the shop's own queries (the same service functions, so the same
// SQL) and JSON.stringify, with no auth, hooks, cache or compression: the floor for an uncached read.
import Fastify from 'fastify';
import { searchQuerySchema } from '../../src/shared/catalogue/search.schema';
import { getProduct, listProducts } from '../../src/server/features/catalogue/catalogue.service';
import { searchCatalogue } from '../../src/server/features/search/search.engine';
import { openDatabase } from '../../src/server/infra/db';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 10 });
const { db } = database;
const app = Fastify({ logger: false });
app.get('/api/homeproduct', () => listProducts(db, 6));
app.get<{ Params: { id: string } }>('/api/product/:id', (req) => getProduct(db, req.params.id));
app.get('/api/catalogue/search', (req) => searchCatalogue(db, searchQuerySchema.parse(req.query)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
