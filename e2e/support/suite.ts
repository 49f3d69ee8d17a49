import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { snapshotBuild, type BuildName } from '@venue/test-harness/build-app';
import { launchChromium, newPhoneContext } from '@venue/test-harness/chromium';
import { startServer, type ServerOptions, type TestServer } from '@venue/test-harness/server';
import { screenshot, slug } from './screenshots.ts';

export interface SuiteOptions {
  /** Which build of the web app the server serves. */
  build: BuildName;
  database?: ServerOptions['database'];
  env?: Record<string, string>;
}

export interface Suite {
  readonly server: TestServer;
  readonly browser: Browser;
  /**
   * A fresh phone-sized browser context (empty local storage) and page for the current test; both
   * are closed after the test. Uncaught page errors are collected in `pageErrors`.
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Uncaught errors thrown in pages of the current test. */
  readonly pageErrors: string[];
}

const LOG_TAIL_CHARS = 6_000;

/**
 * One server (fresh database) and one browser per test file, a new browser context per test. On a
 * failing test the last screen is saved and the server's recent output is printed, so a failure
 * says whether the page or the server went wrong.
 */
export function setupSuite(options: SuiteOptions): Suite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let build: Awaited<ReturnType<typeof snapshotBuild>> | undefined;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // A copy of its own: a rebuild by another run cannot change the files under this server.
    build = await snapshotBuild(options.build);
    server = await startServer({ webDist: build.dir, database: options.database, env: options.env });
    browser = await launchChromium();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const last = pages.at(-1);
      if (last && !last.isClosed()) {
        const path = await screenshot(last, `failed-${slug(task.name)}`).catch(() => null);
        if (path) console.log(`Screen at failure: ${path} (${last.url()})`);
      }
      if (pageErrors.length > 0) console.log(`Page errors:\n${pageErrors.join('\n')}`);
      if (server) console.log(`Server output (tail):\n${server.logs().slice(-LOG_TAIL_CHARS)}`);
    }
    pageErrors.length = 0;
    pages.length = 0;
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.dispose();
    await build?.dispose();
  });

  return {
    get server() {
      if (!server) throw new Error('the server is not started (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched (beforeAll failed?)');
      return browser;
    },
    pageErrors,
    async newPage(contextOptions = {}) {
      if (!browser || !server) throw new Error('the suite is not set up (beforeAll failed?)');
      const context = await newPhoneContext(browser, { baseURL: server.url, ...contextOptions });
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
      return page;
    },
  };
}
