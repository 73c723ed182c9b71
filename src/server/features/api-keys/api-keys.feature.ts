import { defineFeature } from '../../http/feature';
import { apiKeysGuardPlugin } from './api-keys.guard';
import { apiKeysRoutes } from './api-keys.routes';

/** The guard decides a keyed request before the session guard reads its cookies (decision 062). */
export const feature = defineFeature({ name: 'api-keys', guard: apiKeysGuardPlugin, api: apiKeysRoutes });
