import { defineFeature } from '../../http/feature';
import { reviewsRoutes } from './reviews.routes';

export const feature = defineFeature({ name: 'reviews', api: reviewsRoutes });
