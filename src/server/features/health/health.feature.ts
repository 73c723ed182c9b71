import { defineFeature } from '../../http/feature';
import { healthRoutes } from './health.routes';

export const feature = defineFeature({ name: 'health', api: healthRoutes });
