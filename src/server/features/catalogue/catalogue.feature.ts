import { defineFeature } from '../../http/feature';
import { catalogueFeature } from './catalogue.plugin';

/** Products, categories, attributes and documents (decision 071): search and the CSV import are features of their own. */
export const feature = defineFeature({ name: 'catalogue', api: catalogueFeature });
