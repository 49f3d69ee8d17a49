import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (this file lives in packages/test-harness/src). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the end-to-end builds of the web app go (gitignored). */
export const BUILDS_DIR = join(REPO_ROOT, 'e2e/.builds');

/** Where screenshots of every visited screen go (gitignored). */
export const SCREENSHOTS_DIR = join(REPO_ROOT, 'e2e/screenshots');
