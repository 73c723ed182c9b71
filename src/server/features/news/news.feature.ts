import { defineFeature } from '../../http/feature';
import { newsRoutes } from './news.routes';

export const feature = defineFeature({ name: 'news', api: newsRoutes });
