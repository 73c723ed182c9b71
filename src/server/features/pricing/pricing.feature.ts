import { defineFeature } from '../../http/feature';

/** The one pricing function (decision 052) is a library to the features that sell: it registers nothing. */
export const feature = defineFeature({ name: 'pricing' });
