/**
 * The back office's API under /admin/v1, for managers signed in with a session cookie. Forgery is
 * refused for the whole scope (admin-auth.ts refuseCrossSite); each route says whether it needs a
 * session, an admin, or a store of the manager's.
 */
import type { FastifyPluginAsync } from 'fastify';
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

export const adminPlugin: FastifyPluginAsync<AdminPluginOptions> = async (app, options) => {
  app.decorateRequest('manager', null);
  app.addHook('onRequest', refuseCrossSite);
  await app.register(adminAccountRoutes, { mailer: options.mailer, signInFailures: options.signInFailures });
  await app.register(adminCatalogueRoutes);
  await app.register(adminStaffTokenRoutes);
  await app.register(adminOrderRoutes, { refunds: options.refunds });
  await app.register(adminReportRoutes);
};
