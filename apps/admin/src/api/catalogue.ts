/**
 * The menu and store editor's API (/admin/v1: stores, items, option groups, coupons, pictures, the
 * whole catalogue). A save sends the version it read; 409 answers an EditConflict, 422 an
 * EditRejection with every problem at its JSON path.
 */
import type {
  AdminCoupon,
  AdminCouponCreate,
  AdminCouponPatch,
  AdminItem,
  AdminItemCreate,
  AdminItemPatch,
  AdminItemTypesUpdate,
  AdminOptionGroup,
  AdminOptionGroupCreate,
  AdminOptionGroupPatch,
  AdminPicture,
  AdminStore,
  AdminStoreCreate,
  AdminStoreMenu,
  AdminStorePatch,
  AdminStoreSummary,
} from '@venue/contract/admin-catalogue';
import type { CatalogueImportSummary } from '@venue/contract/venue-catalogue';
import { apiUrl, call, uploadBytes, withQuery } from './admin-client';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The signed-in manager's stores (every store for an admin), in the app's order. */
export const listStores = (signal?: AbortSignal) => call<AdminStoreSummary[]>('GET', '/stores', opts(signal));

/** A store with its whole menu, each part with its version. */
export const getStoreMenu = (vendorId: number, signal?: AbortSignal) =>
  call<AdminStoreMenu>('GET', `/stores/${vendorId}`, opts(signal));

/** A new store with no menu yet (admin only); its id is the server's. */
export const createStore = (body: AdminStoreCreate) => call<AdminStore>('POST', '/stores', { body });

export const patchStore = (vendorId: number, body: AdminStorePatch) =>
  call<AdminStore>('PATCH', `/stores/${vendorId}`, { body });

export const putItemTypes = (vendorId: number, body: AdminItemTypesUpdate) =>
  call<AdminStore>('PUT', `/stores/${vendorId}/item-types`, { body });

export const createItem = (vendorId: number, body: AdminItemCreate) =>
  call<AdminItem>('POST', `/stores/${vendorId}/items`, { body });

export const patchItem = (vendorId: number, itemId: number, body: AdminItemPatch) =>
  call<AdminItem>('PATCH', `/stores/${vendorId}/items/${itemId}`, { body });

export const deleteItem = (vendorId: number, itemId: number, version: number) =>
  call<null>('DELETE', withQuery(`/stores/${vendorId}/items/${itemId}`, { version }));

export const createOptionGroup = (vendorId: number, body: AdminOptionGroupCreate) =>
  call<AdminOptionGroup>('POST', `/stores/${vendorId}/option-groups`, { body });

export const patchOptionGroup = (vendorId: number, groupId: number, body: AdminOptionGroupPatch) =>
  call<AdminOptionGroup>('PATCH', `/stores/${vendorId}/option-groups/${groupId}`, { body });

export const deleteOptionGroup = (vendorId: number, groupId: number, version: number) =>
  call<null>('DELETE', withQuery(`/stores/${vendorId}/option-groups/${groupId}`, { version }));

export const listCoupons = (signal?: AbortSignal) => call<AdminCoupon[]>('GET', '/coupons', opts(signal));

export const createCoupon = (body: AdminCouponCreate) => call<AdminCoupon>('POST', '/coupons', { body });

export const patchCoupon = (id: number, body: AdminCouponPatch) =>
  call<AdminCoupon>('PATCH', `/coupons/${id}`, { body });

export const deleteCoupon = (id: number, version: number) =>
  call<null>('DELETE', withQuery(`/coupons/${id}`, { version }));

/** Uploads a picture (PNG, JPEG or WebP); its id goes in displayAssetId or thumbnailAssetId. */
export const uploadPicture = (file: Blob) => uploadBytes<AdminPicture>('/pictures', file);

/** The whole catalogue as a download (admin only), with its pictures when asked. */
export const catalogueUrl = (pictures: boolean) => apiUrl('/catalogue', { pictures: pictures ? 'include' : undefined });

/** Replaces the venue's catalogue with a document (admin only): all or nothing, 422 with every problem. */
export const importCatalogue = (document: unknown, force: boolean) =>
  call<CatalogueImportSummary>('PUT', withQuery('/catalogue', { force: force ? 'true' : undefined }), {
    body: document,
    timeoutMs: 120_000,
  });
