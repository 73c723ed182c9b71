import { defineFeature } from '../../http/feature';
import { overviewRoutes } from './overview.routes';

export const feature = defineFeature({ name: 'overview', api: overviewRoutes });
