/** API keys for integrations (decision 062): the guard that lets keyed requests in, and the admin's routes. */
export { actorNameOf } from './api-keys.guard';
export { apiKeysRoutes } from './api-keys.routes';
