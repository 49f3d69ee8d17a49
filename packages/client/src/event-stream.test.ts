import { describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream.ts';

/** A response whose body is the given chunks, then ends (or stays open). */
function streamResponse(chunks: string[], end = true): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (end) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('openEventStream', () => {
  it('sends its headers and, after a drop, Last-Event-ID, reading afresh on each connection', async () => {
    vi.useFakeTimers();
    const calls: Array<Record<string, string>> = [];
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ ...(init?.headers as Record<string, string>) });
      return calls.length === 1
        ? streamResponse(['id: 41\nevent: order\ndata: {}\n\n'])
        : streamResponse(['id: 42\nevent: order\ndata: {}\n\n'], false);
    });
    const states: string[] = [];
    const onOpen = vi.fn();
    const events: string[] = [];
    const stream = openEventStream({
      url: '/ops/v1/vendor/2/events',
      headers: { Authorization: 'Bearer vst_abc' },
      onEvent: (event) => events.push(event.id ?? ''),
      onOpen,
      onState: (state) => states.push(state),
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1_100);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer vst_abc' });
    expect(calls[0]).not.toHaveProperty('Last-Event-ID');
    expect(calls[1]).toMatchObject({ 'Last-Event-ID': '41' });
    expect(events).toEqual(['41', '42']);
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    stream.close();
    vi.useRealTimers();
  });

  it('stops and says signed out when the credential is refused', async () => {
    const states: string[] = [];
    openEventStream({
      url: '/ops/v1/vendor/2/events',
      onEvent: () => undefined,
      onOpen: () => undefined,
      onState: (state) => states.push(state),
      fetchImpl: (async () => new Response('{}', { status: 401 })) as unknown as typeof fetch,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(states).toEqual(['connecting', 'signed-out']);
  });
});
