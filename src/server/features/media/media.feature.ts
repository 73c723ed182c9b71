import { defineFeature } from '../../http/feature';
import { mediaRoutes } from './media.routes';

export const feature = defineFeature({ name: 'media', api: mediaRoutes });
