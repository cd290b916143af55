// How long the server keeps an idle keep-alive connection open. Node closes one after 5 s by
// default, and a client (a browser, Playwright's request context) or a proxy that sends on it just as
// it closes gets a reset instead of an answer: ECONNRESET, seen once in CI. The server waits longer
// than the usual proxy idle timeout (60 s), so the client or proxy is the one to close it.
import type { Server } from 'node:http';

export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // a request's headers may take this long: above the keep-alive time, as Node requires for the two to work together
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
