import { apiUrl } from './api-client';

/** Spec §7 image sizes: list thumbnails 100x, details 350x. */
export const THUMBNAIL_TRANSFORM = '100x';
export const DETAIL_TRANSFORM = '350x';

/** GET /v1/displayassets/{assetId}/transformed/{transform}. */
export function displayAssetUrl(assetId: number, transform: string = THUMBNAIL_TRANSFORM): string {
  return apiUrl(`/displayassets/${assetId}/transformed/${transform}`);
}
