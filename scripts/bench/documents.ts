// Issue 13's figure: a 20 MB document upload to local storage grows the server's memory by at most
// 30 MB — the bytes are streamed to a temporary file and on to storage, never held whole. The body
// is generated as it is sent, 64 KB at a time; the server's RSS is sampled every 50 ms.
import { customerPayload } from '#server/test/factories.ts';
import { sampleRss } from './server.ts';

const MB = 1024 * 1024;
const PDF_HEAD = new TextEncoder().encode('%PDF-1.4\n%bench\n');

function multipart(boundary: string, fields: Record<string, string>, fileBytes: number): { body: ReadableStream<Uint8Array>; length: number } {
  const enc = new TextEncoder();
  let head = '';
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-20mb.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const pieces = [enc.encode(head), PDF_HEAD];
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  let left = fileBytes - PDF_HEAD.length;
  let done = false;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const length = pieces[0].length + fileBytes + tail.length;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pieces.length) return controller.enqueue(pieces.shift()!);
      if (left > 0) {
        const n = Math.min(chunk.length, left);
        left -= n;
        return controller.enqueue(chunk.subarray(0, n));
      }
      if (!done) {
        done = true;
        return controller.enqueue(tail);
      }
      controller.close();
    },
  });
  return { body, length };
}

export interface UploadMemory {
  status: number;
  growthMb: number;
  startMb: number;
  peakMb: number;
  seconds: number;
}

/** One 20 MB upload (after a 1 MB warm-up that loads the code paths) by an agency with documents. */
export async function uploadMemory(url: string, pid: number, cookie: string, sizeMb = 20): Promise<UploadMemory> {
  const created = await fetch(`${url}/api/customers`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: url }, body: JSON.stringify(customerPayload()) });
  if (created.status !== 201) throw new Error(`customer for the upload bench: ${created.status} ${await created.text()}`);
  const customerId = ((await created.json()) as { id: string }).id;
  const send = async (bytes: number) => {
    const boundary = `----bench${Math.random().toString(36).slice(2)}`;
    const { body, length } = multipart(boundary, { customer_id: customerId }, bytes);
    const res = await fetch(`${url}/api/documents/upload`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      body,
      duplex: 'half',
    } as RequestInit);
    await res.text();
    return res.status;
  };
  await send(1 * MB);
  await new Promise((r) => setTimeout(r, 500));
  const rss = sampleRss(pid);
  const started = performance.now();
  const status = await send(sizeMb * MB);
  const seconds = (performance.now() - started) / 1000;
  const { start, peak } = rss.stop();
  return { status, growthMb: peak - start, startMb: start, peakMb: peak, seconds };
}
