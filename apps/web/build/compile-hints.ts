import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 and later; other engines read it as a comment): every
 * function of a script that starts with it is compiled while the script streams in, on a
 * background thread, instead of on the main thread the first time it is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

type Chunk = Rolldown.OutputChunk;

/** The entry chunk and every chunk it imports statically: what every page runs as it starts. */
export function startupChunks(bundle: Rolldown.OutputBundle): Chunk[] {
  const all = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
  const found = new Map<string, Chunk>();
  const visit = (chunk: Chunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  for (const entry of all.filter((chunk) => chunk.isEntry)) visit(entry);
  return [...found.values()];
}

/**
 * Puts the compile hint at the top of the chunks every page runs as it starts (the entry, React
 * and the other libraries, the app's own start-up code). Almost every function in them runs
 * before the first screen can answer a tap, and compiled lazily each would be compiled on the
 * main thread then: on a slow phone that was a large part of the start-up tasks
 * (docs/decisions/042-start-up-work.md). Screens' chunks are left as they are: much of their
 * code runs only when the customer does something.
 */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'venue-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite has put its own lines at the top of the chunks (the preload helper's list), and
      // before the plugins that read the chunks' code (the service worker's app shell, listed
      // after this one, and the precompressed copies), so they see it as it is shipped.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of startupChunks(bundle)) {
          if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
