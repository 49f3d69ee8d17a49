import { OPS_TOKEN, type TestServer } from './server.ts';

/**
 * Calls the operations API (architecture page) as the venue's systems would, to put the demo venue
 * in the state a test needs. Fails loudly on any non-2xx answer.
 */
export async function ops<T = unknown>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${server.url}/ops/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${OPS_TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /ops/v1${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
