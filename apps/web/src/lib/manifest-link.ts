/** Where the build puts the web app manifest (build/pwa.ts). */
export const MANIFEST_URL = '/manifest.webmanifest';

/**
 * Links the web app manifest when the page has no link to it. The pages of screens that open with
 * requests leave it out (build/route-pages.ts): the browser would fetch the manifest and an icon
 * while the screen's code and data are still on their way. The app links it once the screen has
 * painted (src/main.tsx), so the app stays installable from every page.
 */
export function linkManifest(doc: Document = document): void {
  if (doc.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  doc.head.append(link);
}
