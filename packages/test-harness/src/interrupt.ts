/**
 * Clean-ups that must happen even when the bench (or a test) is stopped with Ctrl-C (or SIGTERM), where the
 * `finally` blocks never run: stopping the servers it started, removing a scratch worktree. Each
 * is synchronous, runs once, and is forgotten again when its `finally` did the work.
 */
const cleanups = new Set<() => void>();

function onSignal(signal: NodeJS.Signals): void {
  console.error(`\n· ${signal}: cleaning up…`);
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/** Runs `cleanup` if the process is interrupted; returns a function that forgets it. */
export function onInterrupt(cleanup: () => void): () => void {
  if (cleanups.size === 0) {
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  };
}
