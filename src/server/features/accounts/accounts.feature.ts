import { defineFeature } from '../../http/feature';
import { accountsFeature } from './accounts.plugin';

export const feature = defineFeature({ name: 'accounts', api: accountsFeature });
