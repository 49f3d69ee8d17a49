/**
 * The operations API under /ops/v1, for the venue's own systems (POS, kitchen display) and tests.
 * Every route here needs a credential — the admin's OPS_TOKEN or a store's staff token — and a
 * staff token acts only on its own store's routes. The hook sits in this plugin's scope only, so a
 * route registered here is covered without doing anything (ops-auth.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { resolveOpsCredential } from './ops-auth.ts';
import { opsCatalogueRoutes } from './ops-catalogue.routes.ts';
import { opsCredentialRoutes } from './ops-credential.routes.ts';
import { opsEventRoutes } from './ops-events.routes.ts';
import { opsOrderRoutes } from './ops-orders.routes.ts';
import { opsStaffTokenRoutes } from './ops-staff-tokens.routes.ts';
import { MemorySignInFailureStore, type SignInFailureStore } from '../../lib/sign-in-failures.ts';
import { opsVenueCatalogueRoutes } from './ops-venue-catalogue.routes.ts';

export interface OpsPluginOptions {
  /** where failed sign-ins are counted; this process's memory unless given */
  signInFailures?: SignInFailureStore;
  /** more routes inside the operations scope (tests use it for routes the API does not have yet) */
  extraRoutes?: FastifyPluginAsync;
}

export const opsPlugin: FastifyPluginAsync<OpsPluginOptions> = async (app, options) => {
  app.decorateRequest('opsCredential', null);
  app.addHook(
    'onRequest',
    resolveOpsCredential({
      adminToken: app.config.opsToken,
      db: app.db,
      clock: app.clock,
      failures: options.signInFailures ?? new MemorySignInFailureStore(),
      maxFailures: app.config.opsSignInLimit,
      prefix: app.prefix,
    }),
  );
  await app.register(opsCatalogueRoutes);
  await app.register(opsOrderRoutes);
  await app.register(opsCredentialRoutes);
  await app.register(opsStaffTokenRoutes);
  if (options.extraRoutes) await app.register(options.extraRoutes);
  await app.register(opsEventRoutes);
  await app.register(opsVenueCatalogueRoutes);
};
