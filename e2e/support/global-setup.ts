import { BUILDS, ensureBuild, type BuildName } from '@venue/test-harness/build-app';
import { ensureChromium } from '@venue/test-harness/chromium';
import { postgresEnabled } from '@venue/test-harness/postgres';

/**
 * Runs once before the suites: makes sure Chromium is there (installing Debian's package when it
 * may), says whether the PostgreSQL variants run, and builds every variant of the web app up front
 * so no single test pays for a build (builds are skipped when sources and settings are unchanged).
 */
export default async function setup(): Promise<void> {
  ensureChromium();
  postgresEnabled();
  for (const name of Object.keys(BUILDS) as BuildName[]) {
    await ensureBuild(name);
  }
}
