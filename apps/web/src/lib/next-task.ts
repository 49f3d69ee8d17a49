/**
 * Resolves in a later task, so the work after it does not lengthen the current one: the browser
 * may paint and answer a tap in between. The start-up steps (src/main.tsx) are separated this way,
 * so none of them holds the main thread for long on a slow phone. `scheduler.yield()` where the
 * browser has it (the work resumes ahead of other queued tasks), else a message to a channel of
 * its own (not clamped like a timer), else a timer.
 */
export function nextTask(win: Window = window): Promise<void> {
  const { scheduler, MessageChannel: Channel } = win as Window & {
    scheduler?: { yield?: () => Promise<void> };
    MessageChannel?: typeof MessageChannel;
  };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    if (typeof Channel !== 'function') {
      win.setTimeout(resolve, 0);
      return;
    }
    const channel = new Channel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
