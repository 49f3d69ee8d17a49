/**
 * A lingering close, as nginx's `lingering_close`. An answer given before the request has all
 * arrived (413 for a body past the limit, read no further) closes the connection. Node then destroys
 * the socket as soon as the answer is written; with the client's bytes still arriving, the kernel
 * answers them with a reset, and a client that is still writing (fetch, undici) fails with EPIPE
 * or ECONNRESET before it has read the answer waiting for it.
 *
 * Instead the socket is half-closed: the answer and a FIN go out, and what the client still sends
 * is read and thrown away (never kept) until it stops, or for at most `lingerMs` or `lingerBytes`,
 * whichever comes first; then the socket is destroyed. A client that never stops sending is still
 * cut off, within those limits.
 */
import type { IncomingMessage } from 'node:http';

export interface LingerLimits {
  lingerMs: number;
  lingerBytes: number;
}

/**
 * Makes the connection of `request` linger when it is closed after its answer. Node closes a
 * connection whose answer said `Connection: close` with `socket.destroySoon()` once the answer is
 * written; that call, on this socket only, becomes the lingering close.
 */
export function lingerWhenClosing(request: IncomingMessage, limits: LingerLimits): void {
  const socket = request.socket;
  // Only a real TCP socket has one (not the stand-in of an injected request, nor HTTP/2).
  if (typeof socket?.destroySoon !== 'function') return;
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    // All of it arrived in the meantime: nothing to wait for.
    if (request.complete || socket.destroyed) {
      destroySoon();
      return;
    }
    socket.end();
    let discarded = 0;
    const stop = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(stop, limits.lingerMs);
    socket.once('close', () => clearTimeout(timer));
    // The body is read by the HTTP parser and handed to the request, which nothing keeps.
    request.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limits.lingerBytes) stop();
    });
    request.once('end', stop);
    request.resume();
  };
}
