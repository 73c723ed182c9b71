import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@shared/common/common.schema';
import { fulfilmentContract as calls } from '@shared/fulfilment/fulfilment.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { packingSlipName, renderPackingSlip } from './fulfilment.pdf';
import { createShipments, getShipment, packingSlipOf, shipmentsOfOrder } from './fulfilment.service';

const tags = ['fulfilment'];

/** Shipments and pickups of paid lines (docs/decisions/038-fulfilment.md); making one is an audited admin action. */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.orderDeps;

  app.route({
    ...contractRoute(calls.create, {
      tags,
      summary:
        'Ship paid lines of one customer to one address (all that is left of each, or `quantity`), or make pickup lines ready; mails the customer (admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => {
      const [shipment] = await createShipments(deps, currentUser(req), [req.body], () => '');
      return reply.status(201).send(shipment!);
    },
  });

  app.route({
    ...contractRoute(calls.bulk, {
      tags,
      summary:
        'Several shipments at once, one per customer and address, all or none (admin); field names in errors start with shipments.N.',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => {
      const made = await createShipments(
        deps,
        currentUser(req),
        req.body.shipments,
        (i) => `shipments.${i}.`,
      );
      return reply.status(201).send({ shipments: made });
    },
  });

  app.route({
    ...contractRoute(calls.shipment, {
      tags,
      summary: 'One shipment with its lines and tracking (its customer or an admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', apiScope: 'shipments:read' },
    handler: async (req) => getShipment(deps.db, currentUser(req), req.params.id),
  });

  app.route({
    ...contractRoute(calls.ofOrder, {
      tags,
      summary: 'The shipments holding units of one order line, oldest first (its customer or an admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', apiScope: 'shipments:read' },
    handler: async (req) => ({ shipments: await shipmentsOfOrder(deps.db, currentUser(req), req.params.id) }),
  });

  app.get(
    '/shipments/:id/packing-slip',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          "A shipment's packing slip as a PDF: lines, quantities, SKUs, ship-to and PO number, no prices (admin)",
        params: idParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const shipment = await packingSlipOf(deps.db, req.params.id);
      const pdf = await renderPackingSlip(shipment, app.config.shop);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${packingSlipName(shipment)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
