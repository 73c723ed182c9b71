import { defineFeature } from '../../http/feature';
import { notificationsRoutes } from './notifications.routes';

export const feature = defineFeature({ name: 'notifications', api: notificationsRoutes });
