// The fulfilment feature's public face: its routes (shipments, packing slips). Orders read shipments on their own.
export { fulfilmentRoutes } from './fulfilment.routes';
