import { defineFeature } from '../../http/feature';
import { equipmentFeature } from './equipment.plugin';

export const feature = defineFeature({ name: 'equipment', api: equipmentFeature });
