/**
 * The operations API under /ops/v1, for the venue's own systems (POS, kitchen display) and tests.
 * Every route here needs the bearer token; the hook sits in this plugin's scope only.
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireOpsToken } from './ops-auth.ts';
import { opsCatalogueRoutes } from './ops-catalogue.routes.ts';
import { opsOrderRoutes } from './ops-orders.routes.ts';
import { opsVenueCatalogueRoutes } from './ops-venue-catalogue.routes.ts';

export const opsPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireOpsToken(app.config.opsToken));
  await app.register(opsCatalogueRoutes);
  await app.register(opsOrderRoutes);
  await app.register(opsVenueCatalogueRoutes);
};
