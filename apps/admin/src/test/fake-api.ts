/**
 * A stand-in for the back office's API in unit tests: fetch is stubbed, each call is answered by
 * the first route whose method and path match, and every call is recorded (with its headers and
 * body) for the test to check.
 */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type { Manager } from '@venue/contract/admin-accounts';
import type { Today } from '@venue/contract/admin-reports';

// Screens load lazily: on a busy machine their first import takes longer than Testing Library's 1 s.
configure({ asyncUtilTimeout: 8_000 });

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | ((call: RecordedCall) => { status?: number; body?: unknown });

export interface FakeApi {
  calls: RecordedCall[];
  /** answers `METHOD /path` (the path under /admin/v1, without its query); later routes win */
  on(route: string, answer: Answer): FakeApi;
  callsTo(route: string): RecordedCall[];
}

export function fakeApi(): FakeApi {
  const routes: { method: string; path: string | RegExp; answer: Answer }[] = [];
  const calls: RecordedCall[] = [];
  const api: FakeApi = {
    calls,
    on(route, answer) {
      const [method = 'GET', path = '/'] = route.split(' ');
      routes.unshift({
        method,
        path: path.includes('*') ? new RegExp(`^${path.replace(/\*/g, '[^/]+')}$`) : path,
        answer,
      });
      return api;
    },
    callsTo(route) {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://venue.example');
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname.replace(/^\/admin\/v1/, '');
      const headers = Object.fromEntries(
        Object.entries((init.headers as Record<string, string> | undefined) ?? {}).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      );
      const call = {
        method,
        path,
        query: url.searchParams,
        headers,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
      };
      calls.push(call);
      const route = routes.find(
        (candidate) =>
          candidate.method === method &&
          (typeof candidate.path === 'string' ? candidate.path === path : candidate.path.test(path)),
      );
      if (path === '/events' && !route) return new Response(new ReadableStream(), { status: 200 });
      const answer = route
        ? typeof route.answer === 'function'
          ? route.answer(call)
          : route.answer
        : { status: 404, body: { message: `No route ${method} ${path}` } };
      const status = answer.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return api;
}

export const ADMIN: Manager = {
  id: 1,
  email: 'pat@example.com',
  name: 'Pat Owner',
  role: 'admin',
  vendorIds: [],
  passwordSet: true,
  disabledAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
};

const FIGURES = {
  orders: 12,
  grossMinor: 24_500,
  discountsMinor: 500,
  serviceChargesMinor: 300,
  refundsMinor: 700,
  netMinor: 23_600,
  gstMinor: 2_145,
  averageOrderMinor: 2_025,
};

export const TODAY: Today = {
  day: '2026-11-27',
  timeZone: 'Australia/Sydney',
  totals: FIGURES,
  stores: [
    {
      vendorId: 1,
      storeName: 'The Tap Room',
      state: 'open',
      queueLength: 3,
      waitSeconds: 540,
      orders: 8,
      netMinor: 15_000,
    },
    {
      vendorId: 2,
      storeName: 'Grill & Bun',
      state: 'paused',
      queueLength: 0,
      waitSeconds: null,
      orders: 4,
      netMinor: 8_600,
    },
  ],
};

/** An API with a signed-in admin and today's report. */
export function signedInApi(manager: Manager = ADMIN): FakeApi {
  return fakeApi().on('GET /session', { body: manager }).on('GET /reports/today', { body: TODAY });
}
