// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { linkManifest, MANIFEST_URL } from './manifest-link';

afterEach(() => {
  document.head.querySelectorAll('link[rel="manifest"]').forEach((link) => link.remove());
});

describe('manifest link', () => {
  it('links the manifest when the page has none', () => {
    linkManifest();
    const links = document.head.querySelectorAll('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(MANIFEST_URL);
    expect(MANIFEST_URL).toBe('/manifest.webmanifest');
  });

  it('leaves a page that links it alone', () => {
    linkManifest();
    linkManifest();
    expect(document.head.querySelectorAll('link[rel="manifest"]')).toHaveLength(1);
  });
});
