/**
 * The back office's API under /admin/v1, for managers signed in with a session cookie. Forgery is
 * refused for the whole scope (admin-auth.ts refuseCrossSite); each route says whether it needs a
 * session, an admin, or a store of the manager's. A query parameter sent empty (`?q=&from=`, as a
 * search form sends its blank fields) is read as one left out.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SignInFailureStore } from '../../lib/sign-in-failures.ts';
import type { RefundListener } from '../../modules/payments/refunds.service.ts';
import type { Mailer } from '../../modules/receipts/mailer.ts';
import { adminAccountRoutes } from './admin-accounts.routes.ts';
import { adminOrderRoutes } from './admin-orders.routes.ts';
import { adminReportRoutes } from './admin-reports.routes.ts';
import { refuseCrossSite } from './admin-auth.ts';
import { adminCatalogueRoutes } from './admin-catalogue.routes.ts';
import { adminStaffTokenRoutes } from './admin-staff-tokens.routes.ts';

export interface AdminPluginOptions {
  mailer: Mailer;
  signInFailures: SignInFailureStore;
  /** told of each refund given (the refund email) */
  refunds?: RefundListener;
}

export const ADMIN_PREFIX = '/admin/v1';

/** preValidation: drops the query's empty values, so `from=` means no day given rather than a bad day. */
async function blankQueryValuesLeftOut(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | null;
  if (!query || typeof query !== 'object') return;
  for (const name of Object.keys(query)) if (query[name] === '') delete query[name];
}

export const adminPlugin: FastifyPluginAsync<AdminPluginOptions> = async (app, options) => {
  app.decorateRequest('manager', null);
  app.addHook('onRequest', refuseCrossSite);
  app.addHook('preValidation', blankQueryValuesLeftOut);
  await app.register(adminAccountRoutes, { mailer: options.mailer, signInFailures: options.signInFailures });
  await app.register(adminCatalogueRoutes);
  await app.register(adminStaffTokenRoutes);
  await app.register(adminOrderRoutes, { refunds: options.refunds });
  await app.register(adminReportRoutes);
};
