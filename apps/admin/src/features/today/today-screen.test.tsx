// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app';
import { signedInApi, TODAY } from '../../test/fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('today', () => {
  it("shows each store's queue, wait and state, and reads again on an event of the stream, without a reload", async () => {
    let push: ((text: string) => void) | null = null;
    let reads = 0;
    const api = signedInApi().on('GET /reports/today', () => {
      reads += 1;
      return {
        body:
          reads < 3
            ? TODAY
            : {
                ...TODAY,
                stores: TODAY.stores.map((store) => (store.vendorId === 1 ? { ...store, queueLength: 7 } : store)),
              },
      };
    });
    const originalFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/admin/v1/events')) {
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
            },
          });
          return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
        }
        return originalFetch(input, init);
      }),
    );
    render(
      <MemoryRouter initialEntries={['/today']}>
        <App />
      </MemoryRouter>,
    );
    const row = await screen.findByRole('row', { name: /The Tap Room/ });
    expect(row.textContent).toContain('9 min');
    expect(screen.getByText('Paused')).toBeTruthy();
    await screen.findByText('Live');
    expect(reads).toBe(2);

    push!('event: order\ndata: {}\n\n');
    await vi.waitFor(() => expect(screen.getByRole('row', { name: /The Tap Room/ }).textContent).toContain('7'));
    expect(reads).toBe(3);
    expect(api.callsTo('GET /session')).toHaveLength(1);
  });
});
