import { at, attr, buildCxml, CxmlError, parseCxml, statusResponse, text } from './cxml.xml';
import { actingUserId, identify, requestEmail, type ConnectionRow } from './cxml.identify';
import { logInbound } from './procurement.documents';
import type { ProcurementDeps } from './procurement.deps';
import { placePurchaseOrder } from './punchout.order';
import { openPunchout } from './punchout.session';
import { queueConfirmation } from './procurement.outbound';

const OPERATIONS = new Set(['create', 'edit', 'inspect']);

/** What POST /punchout/cxml answers: the HTTP status (the cXML one for refusals) and the cXML body. */
export interface CxmlAnswer {
  status: number;
  body: string;
}

/**
 * One inbound cXML document: parsed without entities, its sender identified by From and the shared secret, then a
 * PunchOutSetupRequest or an OrderRequest handled. Every document of a known, authenticated sender is kept in the
 * log with its answer; refusals are cXML Status codes, never a 500.
 */
export async function receiveCxml(deps: ProcurementDeps, body: string): Promise<CxmlAnswer> {
  let connection: ConnectionRow | undefined;
  let docType = 'unknown';
  let answer: CxmlAnswer;
  try {
    const cxml = parseCxml(body);
    connection = await identify(deps.orders.db, deps.appSecret, cxml);
    const request = at(cxml, 'Request');
    const setup = at(request, 'PunchOutSetupRequest');
    const order = at(request, 'OrderRequest');
    if (setup) {
      docType = 'PunchOutSetupRequest';
      answer = await setupAnswer(deps, connection, setup);
    } else if (order) {
      docType = 'OrderRequest';
      const placed = await placePurchaseOrder(deps, connection, attr(cxml, 'payloadID'), order);
      if (placed.checkoutId && placed.placedTotalCents !== undefined)
        await queueConfirmation(deps, connection, {
          checkoutId: placed.checkoutId,
          orderId: attr(at(order, 'OrderRequestHeader'), 'orderID'),
          totalCents: placed.placedTotalCents,
        });
      answer = { status: 200, body: statusResponse(placed.code, placed.text, placed.message) };
    } else {
      throw new CxmlError(
        406,
        'Not Acceptable',
        'Only PunchOutSetupRequest and OrderRequest are accepted here.',
      );
    }
  } catch (err) {
    if (!(err instanceof CxmlError)) throw err;
    answer = { status: err.code, body: statusResponse(err.code, err.text, err.message) };
  }
  if (connection)
    await logInbound(deps.orders.db, {
      connectionId: connection.id,
      docType,
      code: answer.status,
      body,
      answer: answer.body,
    });
  return answer;
}

async function setupAnswer(
  deps: ProcurementDeps,
  connection: ConnectionRow,
  setup: unknown,
): Promise<CxmlAnswer> {
  const operation = attr(setup, 'operation') || 'create';
  if (!OPERATIONS.has(operation))
    throw new CxmlError(400, 'Bad Request', `operation: must be create, edit or inspect, not ${operation}.`);
  const returnUrl = text(at(setup, 'BrowserFormPost', 'URL'));
  if (!/^https?:\/\//i.test(returnUrl) || !URL.canParse(returnUrl))
    throw new CxmlError(400, 'Bad Request', 'BrowserFormPost: needs the URL the cart is posted back to.');
  const userId = await actingUserId(deps.orders.db, connection, requestEmail(setup));
  const start = await openPunchout(deps, {
    connectionId: connection.id,
    userId,
    operation,
    buyerCookie: text(at(setup, 'BuyerCookie')).slice(0, 500),
    returnUrl,
  });
  const body = buildCxml({
    Response: {
      Status: { '@code': '200', '@text': 'success' },
      PunchOutSetupResponse: { StartPage: { URL: start.url } },
    },
  });
  return { status: 200, body };
}
