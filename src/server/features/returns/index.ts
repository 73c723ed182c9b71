/** The returns feature's public face (docs/decisions/065-returns.md): its routes. */
export { returnsRoutes } from './returns.routes';
