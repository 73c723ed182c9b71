import { defineFeature } from '../../http/feature';
import { shippingRoutes } from './shipping.routes';

export const feature = defineFeature({ name: 'shipping', api: shippingRoutes });
