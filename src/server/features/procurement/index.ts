// Punchout's public face (docs/decisions/063-punchout.md): the app registers the feature under /api and the buyer
// systems' routes beside it.
export { procurementDepsOf } from './procurement.plugin';
export { sweepDocuments } from './procurement.sweep';
