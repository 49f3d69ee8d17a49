/** GET and PATCH /ops/v1/vendor/{vendorId} and PATCH /ops/v1/vendor/{vendorId}/menu-item/{itemId} */
import { ErrorBody } from '@venue/contract/common';
import { MenuItem } from '@venue/contract/menu';
import { MenuItemPatch, VendorPatch } from '@venue/contract/ops-catalogue';
import { VendorIdParams, VendorItemParams } from '@venue/contract/route-params';
import { Vendor } from '@venue/contract/venue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateMenuItem } from '../../modules/menu/menu.service.ts';
import { getVendor, updateVendorSettings } from '../../modules/vendors/vendors.service.ts';
import { actorOf } from './ops-auth.ts';

export const opsCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor/:vendorId',
    {
      schema: {
        summary: 'The vendor as its staff see it: open, paused, time to service',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorIdParams,
        response: { 200: Vendor, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getVendor(app.db, request.params.vendorId, app.clock()),
  );

  app.patch(
    '/vendor/:vendorId',
    {
      schema: {
        summary: 'Open, close or pause a vendor, or change its time to service (ms)',
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorIdParams,
        body: VendorPatch,
        response: { 200: Vendor, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const vendor = await updateVendorSettings(
        app.db,
        app.events,
        request.params.vendorId,
        request.body,
        actorOf(request),
        app.clock(),
      );
      app.menuCache.invalidate(request.params.vendorId);
      return vendor;
    },
  );

  app.patch(
    '/vendor/:vendorId/menu-item/:itemId',
    {
      schema: {
        summary: "Set a menu item's stock (null: not counted) or visibility",
        tags: ['operations'],
        security: [{ opsToken: [] }],
        params: VendorItemParams,
        body: MenuItemPatch,
        response: { 200: MenuItem, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { vendorId, itemId } = request.params;
      const item = await updateMenuItem(
        app.db,
        app.events,
        vendorId,
        itemId,
        request.body,
        actorOf(request),
        app.clock(),
      );
      app.menuCache.invalidate(vendorId);
      return item;
    },
  );
};
