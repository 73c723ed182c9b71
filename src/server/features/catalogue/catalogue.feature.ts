import { defineFeature } from '../../http/feature';
import { catalogueFeature } from './catalogue.plugin';
import { searchIndexPlugin } from './search-index.plugin';

/** The in-process search index is on the app (app.searchIndex, decision 033): the public pages' shells read it. */
export const feature = defineFeature({ name: 'catalogue', app: searchIndexPlugin, api: catalogueFeature });
