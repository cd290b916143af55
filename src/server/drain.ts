// Reading the rest of a refused request body before answering (issue 26): a server that answers and
// closes while the client is still sending makes most clients report EPIPE or a reset, not the answer.
import type { Context } from 'hono';

/** At most this much of a refused body is read and dropped; a larger one is cut off at once. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Reads and discards what is left of the request body, up to `limit` bytes, through the body stream
 * the server already made (a second reader on the socket would fight it: it pauses the socket when
 * its own queue is full). Only a body nobody has begun to read: a chunked one is being read by
 * hono's bodyLimit (its stream is locked) and is cut off as before.
 */
export async function drainRequestBody(c: Context, limit = DRAIN_LIMIT_BYTES): Promise<void> {
  const declared = Number(c.req.header('content-length'));
  if (c.req.header('transfer-encoding') || !Number.isFinite(declared) || declared > limit) return;
  const body = c.req.raw.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      // a real socket ends at the declared length; a stream handed in by a test or a proxy may not
      if (read > limit || read >= declared) return;
    }
  } catch {
    // the client went away: nothing left to read
  } finally {
    reader.releaseLock();
  }
}
