import { defineFeature } from '../../http/feature';
import { creditFeature } from './credit.plugin';

export const feature = defineFeature({ name: 'credit', api: creditFeature });
