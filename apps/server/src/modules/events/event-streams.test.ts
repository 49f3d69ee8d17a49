import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusEvent, EventBus, EventListener, EventTracing } from './event-bus.ts';
import { EventStreams } from './event-streams.ts';

/** A response that keeps what is written and never sends it (a client that stopped reading). */
class StalledResponse extends EventEmitter {
  chunks: string[] = [];
  writableLength = 0;
  writableEnded = false;
  destroyed = false;
  writeHead() {
    return this;
  }
  write(text: string) {
    this.chunks.push(text);
    this.writableLength += Buffer.byteLength(text);
    return this.writableLength < 16_384;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
  get text() {
    return this.chunks.join('');
  }
}

/** A bus with one vendor's listeners, a set cursor and a replay the test answers. */
function fakeBus(cursor: number) {
  const listeners = new Set<EventListener>();
  let answerReplay: (events: BusEvent[]) => void = () => undefined;
  const bus = {
    cursor,
    now: () => 5_000,
    subscribe: (_vendorId: number, listener: EventListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    replay: () => new Promise<BusEvent[]>((resolve) => (answerReplay = resolve)),
  };
  return {
    bus: bus as unknown as EventBus,
    listeners,
    emit: (event: BusEvent) => listeners.forEach((listener) => listener(event)),
    answerReplay: (events: BusEvent[]) => answerReplay(events),
  };
}

const event = (id: number, data = '{}', traceParent?: string): BusEvent => ({
  id,
  vendorId: 4,
  orderId: null,
  type: 'vendor',
  data,
  createdAt: 0,
  traceParent,
});

/** Tracing that records the delivery spans asked for. */
function recordingTracing() {
  const spans: { traceParent: string; attributes: Record<string, string | number> }[] = [];
  const tracing: EventTracing = {
    traceParent: () => undefined,
    withParent: (_traceParent, run) => run(),
    delivered: (traceParent, attributes) => spans.push({ traceParent, attributes }),
  };
  return { tracing, spans };
}
const parentOf = (id: number) => `00-${'ab'.repeat(16)}-${String(id).padStart(16, '0')}-01`;
const log = { info: () => undefined, warn: () => undefined };
const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));

describe('event streams', () => {
  afterEach(() => vi.useRealTimers());

  it('drops a client that lets more than the limit pile up, and unsubscribes it', async () => {
    const { bus, listeners, emit } = fakeBus(10);
    const streams = new EventStreams(bus, log, { maxBufferedBytes: 4_096 });
    const raw = new StalledResponse();
    await streams.serve(4, raw as unknown as ServerResponse, {}, undefined);
    expect(streams.count).toBe(1);
    const big = JSON.stringify({ text: 'x'.repeat(1_000) });
    for (let id = 11; id <= 20; id += 1) emit(event(id, big));
    expect(raw.destroyed).toBe(true);
    expect(raw.writableLength).toBeLessThan(4_096 + 1_100);
    expect(streams.count).toBe(0);
    expect(streams.dropped).toBe(1);
    expect(listeners.size).toBe(0);
  });

  it('holds live events while replaying, then sends them after, each id once and in order', async () => {
    const { bus, emit, answerReplay } = fakeBus(20);
    const streams = new EventStreams(bus, log);
    const raw = new StalledResponse();
    const serving = streams.serve(4, raw as unknown as ServerResponse, {}, 15);
    // During the replay: 21 and 22 arrive live (after the cursor the stream subscribed at).
    emit(event(21));
    emit(event(22));
    answerReplay([event(17), event(19)]);
    await serving;
    emit(event(22));
    emit(event(23));
    expect(ids(raw.text)).toEqual([17, 19, 20, 21, 22, 23]);
    expect(raw.text).toMatch(/^retry: \d+\n\n/);
    expect(raw.text).toContain('id: 20\nevent: ready\n');
  });

  it("makes a delivery span for each live event written (held ones included), none for the replay or another's event", async () => {
    const { bus, emit, answerReplay } = fakeBus(20);
    const { tracing, spans } = recordingTracing();
    const streams = new EventStreams(bus, log, {}, tracing);
    const raw = new StalledResponse();
    const serving = streams.serve(4, raw as unknown as ServerResponse, {}, 15);
    emit(event(21, '{}', parentOf(21)));
    answerReplay([event(17, '{}', parentOf(17)), event(19, '{}', parentOf(19))]);
    await serving;
    // Sent again (not written twice), published with tracing off, and a live one.
    emit(event(21, '{}', parentOf(21)));
    emit(event(22));
    emit({ ...event(23, '{}', parentOf(23)), orderId: 77, createdAt: 4_200 });
    expect(ids(raw.text)).toEqual([17, 19, 20, 21, 22, 23]);
    expect(spans.map((span) => span.traceParent)).toEqual([parentOf(21), parentOf(23)]);
    expect(spans[1]!.attributes).toEqual({
      'venue.event.id': 23,
      'venue.event.type': 'vendor',
      'venue.vendor.id': 4,
      'venue.order.id': 77,
      'venue.stream.kind': 'staff',
      'venue.delivery.lag_ms': 800,
    });
  });

  it('ends a stream after its longest life, and sends heartbeats meanwhile', async () => {
    vi.useFakeTimers();
    const { bus } = fakeBus(0);
    const streams = new EventStreams(bus, log, { heartbeatMs: 1_000, maxStreamMs: 3_500 });
    const raw = new StalledResponse();
    await streams.serve(4, raw as unknown as ServerResponse, {}, undefined);
    vi.advanceTimersByTime(3_000);
    expect(raw.text.match(/^: heartbeat$/gm)).toHaveLength(3);
    expect(raw.writableEnded).toBe(false);
    vi.advanceTimersByTime(600);
    expect(raw.writableEnded).toBe(true);
    expect(streams.count).toBe(0);
  });

  it('ends a stream at the first heartbeat after its credential stops being valid', async () => {
    vi.useFakeTimers();
    const { bus } = fakeBus(0);
    const streams = new EventStreams(bus, log, { heartbeatMs: 1_000 });
    let valid = true;
    const raw = new StalledResponse();
    await streams.serve(4, raw as unknown as ServerResponse, {}, undefined, { stillAllowed: async () => valid });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(raw.writableEnded).toBe(false);
    valid = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(raw.writableEnded).toBe(true);
    expect(streams.count).toBe(0);
  });

  it('ends every stream and refuses new ones once the server is closing', async () => {
    const { bus } = fakeBus(0);
    const streams = new EventStreams(bus, log);
    const open = [new StalledResponse(), new StalledResponse()];
    for (const raw of open) await streams.serve(4, raw as unknown as ServerResponse, {}, undefined);
    streams.closeAll();
    expect(open.every((raw) => raw.writableEnded)).toBe(true);
    const late = new StalledResponse();
    await streams.serve(4, late as unknown as ServerResponse, {}, undefined);
    expect(late.writableEnded).toBe(true);
    expect(streams.count).toBe(0);
  });
});
