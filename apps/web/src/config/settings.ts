import { parseSettings } from './settings-schema';

/** The build's settings, parsed once. The only place the app reads `import.meta.env`. */
export const settings = parseSettings(import.meta.env);

/** A production build (`vite build`), which ships the service worker; the dev server has none. */
export const isProductionBuild = import.meta.env.PROD;
