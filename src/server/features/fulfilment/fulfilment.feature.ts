import { defineFeature } from '../../http/feature';
import { fulfilmentRoutes } from './fulfilment.routes';

export const feature = defineFeature({ name: 'fulfilment', api: fulfilmentRoutes });
