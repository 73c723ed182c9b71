import { defineFeature } from '../../http/feature';
import { cartRoutes } from './cart.routes';

export const feature = defineFeature({ name: 'cart', api: cartRoutes });
