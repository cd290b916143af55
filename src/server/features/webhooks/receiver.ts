// A tiny webhook receiver on 127.0.0.1 for tests and the bench: records every request and answers
// with a status (and delay) that the caller can change while it runs.
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  state: { status: number; delayMs: number };
  close: () => Promise<void>;
}

export async function startReceiver(opts: { status?: number; delayMs?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const state = { status: opts.status ?? 200, delayMs: opts.delayMs ?? 0 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const reply = () => {
        res.statusCode = state.status;
        res.end('ok');
      };
      if (state.delayMs) setTimeout(reply, state.delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
