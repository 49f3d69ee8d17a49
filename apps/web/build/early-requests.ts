import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';

/**
 * Builds the page's early script (src/early/early-requests.ts) on its own, as one small classic
 * script with nothing to import, so it runs as soon as it arrives instead of waiting for the app's
 * chunks (docs/decisions/013-early-requests.md). The route pages that open with requests load it.
 */

export const EARLY_SCRIPT_ENTRY = 'src/early/early-requests.ts';
/** A script this size or larger would cost a slow phone more than it saves. */
export const EARLY_SCRIPT_MAX_BYTES = 8 * 1024;

export interface EarlyScriptState {
  /** e.g. assets/early-requests-1a2b3c4d5e.js, once built */
  fileName: string | null;
}

export function earlyScriptTag(fileName: string): string {
  return `<script src="/${fileName}" async fetchpriority="high"></script>`;
}

export function earlyRequestsPlugin(
  appDir: string,
  mode: string,
  define: Record<string, string>,
): Plugin & { state: EarlyScriptState } {
  const state: EarlyScriptState = { fileName: null };
  return {
    name: 'venue-early-requests',
    apply: 'build',
    state,
    generateBundle: {
      order: 'pre',
      async handler() {
        const result = await build({
          configFile: false,
          root: appDir,
          mode,
          define,
          logLevel: 'warn',
          publicDir: false,
          build: {
            write: false,
            target: 'es2022',
            minify: true,
            lib: {
              entry: join(appDir, EARLY_SCRIPT_ENTRY),
              formats: ['iife'],
              name: 'venueEarlyRequests',
              fileName: () => 'early-requests.js',
            },
          },
        });
        const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
        const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
        if (!chunk) throw new Error(`${EARLY_SCRIPT_ENTRY} built no script`);
        const size = Buffer.byteLength(chunk.code);
        if (size >= EARLY_SCRIPT_MAX_BYTES) {
          throw new Error(
            `${EARLY_SCRIPT_ENTRY} is ${size} bytes (at most ${EARLY_SCRIPT_MAX_BYTES}): it imports too much`,
          );
        }
        const hash = createHash('sha256').update(chunk.code).digest('hex').slice(0, 10);
        state.fileName = `assets/early-requests-${hash}.js`;
        this.emitFile({ type: 'asset', fileName: state.fileName, source: chunk.code });
      },
    },
  };
}
