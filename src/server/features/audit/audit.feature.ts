import { defineFeature } from '../../http/feature';
import { auditRoutes } from './audit.routes';

export const feature = defineFeature({ name: 'audit', api: auditRoutes });
