import { defineFeature } from '../../http/feature';
import { invoicesRoutes } from './invoices.routes';

export const feature = defineFeature({ name: 'invoices', api: invoicesRoutes });
