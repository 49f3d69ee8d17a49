import type { Settings } from './settings-schema';

declare const __BUILD_SETTINGS__: Settings;

/**
 * The build's settings. vite.config.ts parses the `VITE_*` variables with settings-schema.ts when it
 * builds (a malformed one stops the build) and writes the result in here, so the app ships the
 * settings, not their parser. The only place the app reads build-time values.
 */
export const settings: Settings = __BUILD_SETTINGS__;

/** A production build (`vite build`), which ships the service worker; the dev server has none. */
export const isProductionBuild = import.meta.env.PROD;
