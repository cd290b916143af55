// The HTTP side of a graceful stop (decision 050): a connection accepted but not yet read when the
// server stops listening still gets its answer, answers while draining carry Connection: close, a
// kept-alive idle connection is let go at once, and one with a request in flight once answered.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gracefulServer } from './shutdown.ts';

let server: http.Server;
afterEach(() => server?.closeAllConnections());

async function listen() {
  server = http.createServer((_req, res) => setTimeout(() => res.end('ok'), 20));
  // as in production (keep-alive.ts): an idle connection is not dropped by its timeout during a test
  server.keepAliveTimeout = 65_000;
  const graceful = gracefulServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { graceful, port: (server.address() as AddressInfo).port };
}

function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const ended = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
  });
  return { socket, ended, connected: new Promise<void>((resolve) => socket.once('connect', () => resolve())) };
}

const GET = 'GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n';

describe('gracefulServer', () => {
  it('answers a connection accepted before the close that sends its request after it, with Connection: close', async () => {
    const { graceful, port } = await listen();
    const early = connect(port);
    await early.connected;
    // the server has accepted it (a request on another connection is answered after the accept)
    const probe = connect(port);
    await probe.connected;
    probe.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(await probe.ended).toMatch(/^HTTP\/1\.1 200/);
    const closed = graceful.close(0);
    await new Promise((r) => setTimeout(r, 50));
    early.socket.write(GET);
    const answer = await early.ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.toLowerCase()).toContain('connection: close');
    await closed;
    // no longer listening
    const late = connect(port);
    expect(await late.ended).toBe('error ECONNREFUSED');
  });

  it('lets a kept-alive connection go once it is idle, and waits for one with a request in flight', async () => {
    const { graceful, port } = await listen();
    const idle = connect(port);
    await idle.connected;
    idle.socket.write(GET);
    await new Promise((r) => setTimeout(r, 100));
    const busy = connect(port);
    await busy.connected;
    busy.socket.write(GET);
    await new Promise((r) => setTimeout(r, 5));
    await graceful.close(0);
    expect(await idle.ended).toMatch(/^HTTP\/1\.1 200/);
    expect(await busy.ended).toMatch(/^HTTP\/1\.1 200/);
  });
});
