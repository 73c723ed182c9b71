import { defineFeature } from '../../http/feature';
import { searchIndexPlugin } from './search-index.plugin';
import { searchFeature } from './search.plugin';

/** The in-process search index is on the app (app.searchIndex, decision 033): the public pages' shells read it. */
export const feature = defineFeature({ name: 'search', app: searchIndexPlugin, api: searchFeature });
