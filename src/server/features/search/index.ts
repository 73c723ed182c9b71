/**
 * Catalogue search (decision 071). The equipment feature's "fits my equipment" filter runs it with a product
 * restriction; the app registers the in-process index (app.searchIndex) and the API the routes.
 */
export { searchCatalogue } from './search.engine';
export { searchIndexPlugin } from './search-index.plugin';
export { searchFeature } from './search.plugin';
