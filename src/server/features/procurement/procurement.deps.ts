import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../../http/auth';
import type { JobQueue } from '../../infra/jobs';
import type { OutboundPoster } from '../../infra/outbound';
import type { CreditDeps } from '../credit/index';
import type { OrderDeps } from '../orders/index';

/** What punchout needs of the app: the sale pipeline and paying on account, sessions, jobs and the way out. */
export interface ProcurementDeps {
  orders: OrderDeps;
  credit: CreditDeps;
  auth: Auth;
  jobs: JobQueue;
  post: OutboundPoster;
  log: FastifyBaseLogger;
  /** The key the cXML secrets are encrypted under (derived from the auth secret). */
  appSecret: string;
  baseUrl: string;
  shopName: string;
}
