import { defineFeature } from '../../http/feature';
import { webhooksFeature } from './webhooks.plugin';

export const feature = defineFeature({ name: 'webhooks', api: webhooksFeature });
