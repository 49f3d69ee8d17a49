import { apiUrl } from './api-url';

/** Spec §7 image sizes: list thumbnails 100x, details 350x. */
export const THUMBNAIL_TRANSFORM = '100x';
export const DETAIL_TRANSFORM = '350x';

/** GET /v1/displayassets/{assetId}/transformed/{transform}. */
export function displayAssetUrl(assetId: number, transform: string = THUMBNAIL_TRANSFORM): string {
  return apiUrl(`/displayassets/${assetId}/transformed/${transform}`);
}

/**
 * The widths a picture is offered in for sharp pictures on 2× and 3× screens (the list thumbnail
 * first, spec §7). A fixed list, so every size asked for is one the server can keep rendered.
 */
export const THUMBNAIL_WIDTHS = [100, 200, 300] as const;

/** src, srcset and sizes of a picture shown `cssPx` wide, from the thumbnail widths. */
export function thumbnailSources(assetId: number, cssPx: number): { src: string; srcSet: string; sizes: string } {
  return {
    src: displayAssetUrl(assetId, THUMBNAIL_TRANSFORM),
    srcSet: THUMBNAIL_WIDTHS.map((width) => `${displayAssetUrl(assetId, `${width}x`)} ${width}w`).join(', '),
    sizes: `${cssPx}px`,
  };
}
