/**
 * `build-features.json` in the built app: what the server must know about this build's settings to
 * send the right headers. Today one thing: whether a Google Maps key was built in, since the
 * server's content security policy lists Google's map hosts only then (they host script gadgets
 * that would let an injected script tag run; docs/decisions/024-security-hardening.md). Only
 * yes/no values, never the settings themselves.
 */
import type { Plugin } from 'vite';
import type { Settings } from '../src/config/settings-schema.ts';

export const BUILD_FEATURES_FILE = 'build-features.json';

export interface BuildFeatures {
  /** a Google Maps key is built in (VITE_MAPS_KEY) */
  maps: boolean;
}

export function buildFeatures(settings: Pick<Settings, 'mapsKey'>): BuildFeatures {
  return { maps: settings.mapsKey.trim() !== '' };
}

export function buildFeaturesPlugin(settings: Settings): Plugin {
  return {
    name: 'venue-build-features',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: BUILD_FEATURES_FILE,
        source: `${JSON.stringify(buildFeatures(settings))}\n`,
      });
    },
  };
}
