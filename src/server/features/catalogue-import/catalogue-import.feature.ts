import { defineFeature } from '../../http/feature';
import { catalogueImportFeature } from './catalogue-import.plugin';

/** The catalogue's CSV import and export, with the sweep that fails abandoned imports (decision 071). */
export const feature = defineFeature({ name: 'catalogue-import', api: catalogueImportFeature });
