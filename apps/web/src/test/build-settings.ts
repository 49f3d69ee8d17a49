import { parseSettings } from '../config/settings-schema';

/** The build's VITE_* variables in a test: each test sets those of the build it stands for. */
export const buildEnv: { current: Record<string, string> } = { current: {} };

/**
 * A stand-in for config/settings.ts whose settings are parsed from buildEnv when read, for
 * `vi.mock('…/config/settings', async () => (await import('…/test/build-settings')).settingsModule)`.
 */
export const settingsModule = {
  get settings() {
    return parseSettings(buildEnv.current);
  },
};
