/**
 * A lean HTTP/1.1 client for load generation: node:http with keep-alive sockets. The load
 * generator shares the machine with the server, so it must spend as little CPU per request as it
 * can (fetch costs several times more), or it measures itself instead of the server.
 */
import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { formatAuthorization, signatureBase } from '@venue/domain/request-signature';

export interface Signer {
  id: string;
  hmacKey: string;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** The longest a kept-alive connection waits idle for its next request, unless the answers say less. */
export const IDLE_CONNECTION_MS = 60_000;

export class HttpClient {
  private readonly agent: Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets = 256) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    // An idle connection is closed by the client before the server or HAProxy closes it: Node's
    // agent follows the answer's `Keep-Alive: timeout=…` (less a second) only when it is shorter
    // than the agent's own timeout, and without one it keeps the connection until the other side
    // closes it, and a request sent just then is lost ("socket hang up").
    this.agent = new Agent({ keepAlive: true, maxSockets, timeout: IDLE_CONNECTION_MS });
  }

  /** Sends a request, signed as the app signs it when `signer` is given. */
  send(method: string, path: string, payload?: unknown, signer?: Signer, extraHeaders?: Record<string, string>) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { ...extraHeaders };
    if (body) headers['content-type'] = 'application/json';
    if (signer) {
      const timestamp = String(Date.now());
      const signature = createHmac('sha1', signer.hmacKey)
        .update(signatureBase({ path, method, body, contentType: headers['content-type'] ?? '', timestamp }))
        .digest('base64');
      headers['x-timestamp'] = timestamp;
      headers.authorization = formatAuthorization(signer.id, signature);
    }
    if (body) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<HttpAnswer>((resolve, reject) => {
      const req = request({ host: this.host, port: this.port, method, path, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.end(body || undefined);
    });
  }

  /** Sends and parses a JSON (or JSONP) answer; a non-2xx answer throws with its text. */
  async json<T>(
    method: string,
    path: string,
    payload?: unknown,
    signer?: Signer,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const answer = await this.send(method, path, payload, signer, extraHeaders);
    if (answer.status < 200 || answer.status >= 300) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    }
    return JSON.parse(answer.body.replace(/^\/\*\*\/\w+\((.*)\);$/s, '$1')) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}
