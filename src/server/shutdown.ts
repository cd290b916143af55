// Stopping the HTTP server on SIGTERM without failing a request (issue 27 §3, decision 050).
// First a grace period (SHUTDOWN_GRACE_MS): still listening and answering, /api/health says
// "draining" (503) so a load balancer takes the instance out, and every answer carries
// `Connection: close` so no connection is kept for later. Then the listener closes. A connection
// goes away once it has been answered; one accepted but not yet read is left to send its request
// and get its answer — Node's own close() (and closeIdleConnections) would reset it, which its
// client sees as a failed request it never knows was unread.
import net from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

interface Connection {
  /** answered at least one request: when idle, it is a kept-alive connection, safe to close */
  answered: boolean;
  inFlight: number;
}

export interface GracefulServer {
  /** Drains for `graceMs`, stops listening, and resolves once the last connection has gone. */
  close(graceMs: number): Promise<void>;
}

export function gracefulServer(server: Server): GracefulServer {
  const connections = new Map<net.Socket, Connection>();
  let draining = false;
  let closing = false;
  // end (FIN after what is still being written), not destroy: an answer may still be in the buffer
  const closeIfIdle = (socket: net.Socket, c: Connection) => {
    if (closing && c.answered && c.inFlight === 0) socket.end();
  };
  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { answered: false, inFlight: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // after the app's own listener, in the same tick: before the app has written its answer's head
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('connection', 'close');
    const c = connections.get(req.socket);
    if (!c) return;
    c.inFlight += 1;
    res.once('close', () => {
      c.inFlight -= 1;
      c.answered = true;
      closeIfIdle(req.socket, c);
    });
  });
  return {
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        draining = true;
        setTimeout(() => {
          closing = true;
          // net's close, not http's: http's also resets every connection without a request yet
          net.Server.prototype.close.call(server, () => resolve());
          for (const [socket, c] of connections) closeIfIdle(socket, c);
        }, graceMs);
      }),
  };
}
