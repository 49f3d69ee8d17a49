import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/**
 * Chromium comes from the operating system (Debian's `chromium` package), never from a browser
 * download of Playwright's own: `CHROMIUM_PATH` when set, else /usr/bin/chromium.
 */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

const INSTALL_HINT =
  'Install Chromium from your system packages (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
  'or set CHROMIUM_PATH to a Chromium or Chrome executable.';

function isDebianRoot(): boolean {
  return existsSync('/etc/debian_version') && typeof process.getuid === 'function' && process.getuid() === 0;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    throw new Error(
      `\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}). ${INSTALL_HINT}`,
    );
  }
}

/**
 * Returns the Chromium executable, installing Debian's package first when it is missing and we run
 * as root on Debian (as on CI); anywhere else a missing browser stops with how to install it.
 */
export function ensureChromium(): string {
  const path = chromiumPath();
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH points at ${path}, which does not exist. ${INSTALL_HINT}`);
  }
  if (!isDebianRoot()) {
    throw new Error(`Chromium was not found at ${path}. ${INSTALL_HINT}`);
  }
  console.log(`Chromium is missing at ${path}; installing Debian's chromium package…`);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is still missing. ${INSTALL_HINT}`);
  return path;
}

/** Flags for a quiet, headless browser in a container: no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, timeout: 120_000 });
}

/**
 * The phone of ui.md: 390×844 at 2×, touch, in the demo venue's locale and time zone. The app's
 * service worker is blocked: requests it answered would bypass `page.route`, which suites use to
 * cut or change the API. The offline suite allows it.
 */
export const PHONE_CONTEXT: BrowserContextOptions = {
  serviceWorkers: 'block',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-AU',
  timezoneId: 'Australia/Sydney',
};

export async function newPhoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE_CONTEXT, ...options });
  // A slow, busy machine: give actions and assertions room rather than failing on timing.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  return context;
}
