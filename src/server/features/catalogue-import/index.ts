/** The catalogue's CSV import and export (decision 071): nothing else calls into it; the API registers its plugin. */
export { catalogueImportFeature } from './catalogue-import.plugin';
