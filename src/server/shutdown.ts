// Stopping the HTTP server on SIGTERM without failing a request (issue 27 §3, decision 050).
// First a grace period (SHUTDOWN_GRACE_MS): still listening and answering, /api/health says
// "draining" (503) so a load balancer takes the instance out, and every answer carries
// `Connection: close` so no connection is kept for later. Then the listener closes: connections
// still in the kernel's accept queue are reset then, which is why the balancer must have stopped
// sending by that time. Idle kept-alive connections are let go at once, the others as soon as they
// have been answered.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface GracefulServer {
  /** Drains for `graceMs`, stops listening, and resolves once the last connection has gone. */
  close(graceMs: number): Promise<void>;
}

export function gracefulServer(server: Server): GracefulServer {
  let draining = false;
  // after the app's own listener, in the same tick: before the app has written its answer's head
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('connection', 'close');
  });
  return {
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        draining = true;
        setTimeout(() => {
          // a connection whose request began before the drain has no Connection: close: let it go
          // as soon as it is idle, not after the keep-alive timeout (a fresh, unread one is not idle)
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
        }, graceMs);
      }),
  };
}
