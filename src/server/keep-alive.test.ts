// A keep-alive connection left idle longer than Node's default 5 s is still served, on the same
// socket: the race that reset a request in CI (the server closing as the client sent) is gone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, keepConnectionsAlive } from './keep-alive.ts';

let server: http.Server;
let port = 0;
beforeAll(async () => {
  const app = new Hono().get('/ping', (c) => c.text('pong'));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as http.Server;
  });
  keepConnectionsAlive(server);
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(agent: http.Agent): Promise<{ body: string; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/ping', agent }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ body, socket: req.socket }));
    });
    req.on('error', reject);
  });
}

it('keeps an idle keep-alive connection open past 5 s and answers on it', async () => {
  expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent);
    expect(first.body).toBe('pong');
    await new Promise((r) => setTimeout(r, 6_000));
    const second = await get(agent);
    expect(second.body).toBe('pong');
    // the same socket: the server did not close it while it was idle
    expect(second.socket).toBe(first.socket);
  } finally {
    agent.destroy();
  }
}, 20_000);
