// An oversized body over a real socket: the 413 must not leave a kept-alive connection unusable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestContext, type TestContext } from './test/harness.ts';

let t: TestContext;
let server: http.Server;
let port: number;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  t = await createTestContext();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as http.Server;
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  socket: unknown;
}

function send(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers: { origin: 'http://localhost:3000', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), socket: req.socket }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('an oversized JSON body', () => {
  it('answers 413 with Connection: close, and the next request on the same agent succeeds', async () => {
    const warm = await send('GET', '/api/health');
    expect(warm.status).toBe(200);
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const refused = await send('POST', '/api/account/register', big, { 'content-type': 'application/json' });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused.headers.connection).toBe('close');
    for (let i = 0; i < 3; i += 1) expect((await send('GET', '/api/health')).status).toBe(200);
  });

  it('without a Content-Length (chunked), the 413 also closes the connection honestly', async () => {
    const refused = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/account/register', agent, headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), socket: req.socket }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 32; i += 1) req.write(Buffer.alloc(64 * 1024, 'a'));
      req.end();
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect((await send('GET', '/api/health')).status).toBe(200);
  });
});
