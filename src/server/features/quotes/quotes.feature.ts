import { defineFeature } from '../../http/feature';
import { quotesRoutes } from './quotes.routes';

export const feature = defineFeature({ name: 'quotes', api: quotesRoutes });
