// Reading the rest of a refused request body before answering (issue 26): a server that answers and
// closes while the client is still sending makes most clients report EPIPE or a reset, not the answer.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** At most this much of a refused body is read and dropped; a larger one is cut off at once. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Reads and discards what is left of the request body, up to `limit` bytes. Only on a real Node
 * server (@hono/node-server passes the IncomingMessage as env.incoming); app.request() in tests has none.
 */
export async function drainRequestBody(c: Context, limit = DRAIN_LIMIT_BYTES): Promise<void> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.complete || incoming.destroyed) return;
  // Only a body nobody has begun to read: a chunked one is already being read through a web stream
  // (hono's bodyLimit), and a second reader would fight it for the chunks; that one is cut off.
  const declared = Number(c.req.header('content-length'));
  if (c.req.header('transfer-encoding') || !Number.isFinite(declared) || declared > limit) return;
  await new Promise<void>((resolve) => {
    let read = 0;
    const finish = () => {
      incoming.off('data', onData);
      incoming.off('end', finish);
      incoming.off('error', finish);
      incoming.off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) finish();
    };
    incoming.on('data', onData);
    incoming.once('end', finish);
    incoming.once('error', finish);
    incoming.once('close', finish);
    incoming.resume();
  });
}
