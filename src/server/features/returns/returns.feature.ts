import { defineFeature } from '../../http/feature';
import { returnsRoutes } from './returns.routes';

export const feature = defineFeature({ name: 'returns', api: returnsRoutes });
