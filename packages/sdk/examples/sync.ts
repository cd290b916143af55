// Keeping a copy of an agency's book with the SDK: note where the change feed ends, load every list
// by cursor, then replay the feed from that point on, now and on every poll. Each feed entry carries
// the entity as it is now (data) or null when it was deleted, so applying an entry twice is harmless;
// the changes made during the initial load come again and are simply written again.
// Run it: POLICYDESK_URL=https://…/api/v1 POLICYDESK_KEY=pd_live_… npx tsx sync.ts
import { createPolicyDeskClient, PolicyDeskError, unwrap, type Communication, type Customer, type Policy, type PolicyDeskClient } from '../src/index.ts';

export interface Book {
  customers: Map<string, Customer>;
  policies: Map<string, Policy>;
  communications: Map<string, Communication>;
  /** the change feed's position after the last entry applied; unset before the initial load */
  feed?: string;
}

type ListPath = '/customers' | '/policies' | '/communications';
type Row = { id: string };

/** Every page of one list, in order. */
export async function* rows(client: PolicyDeskClient, path: ListPath, limit = 100): AsyncGenerator<Row> {
  let cursor: string | undefined;
  do {
    const page = unwrap(await client.GET(path, { params: { query: { limit, ...(cursor ? { cursor } : {}) } } }));
    for (const row of page.data) yield row;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

export const emptyBook = (): Book => ({ customers: new Map(), policies: new Map(), communications: new Map() });

/** The map an entity's entries go to; undefined for the entities this book does not keep (tasks, opportunities …). */
const mapOf = (book: Book, entity: string): Map<string, Row> | undefined =>
  ({ customer: book.customers, policy: book.policies, communication: book.communications })[entity];

/** Reads the feed from `after` to its current end; `apply` sees each entry in commit order. */
async function replay(client: PolicyDeskClient, after: string | undefined, limit: number, apply?: (entry: FeedEntry) => void): Promise<string> {
  let position = after;
  for (;;) {
    const page = unwrap(await client.GET('/events', { params: { query: { limit, ...(position ? { after: position } : {}) } } }));
    for (const entry of page.data) apply?.(entry);
    position = page.next_cursor;
    if (!page.has_more) return position;
  }
}
type FeedEntry = { entity: string; entity_id: string; data: Row | null };

/**
 * The initial load (on an empty book) or one poll; answers how many rows were written or removed. A
 * book left unsynced longer than the feed keeps its entries (410 CHANGE_CURSOR_EXPIRED) loads again.
 */
export async function sync(client: PolicyDeskClient, book: Book, pageSize = 100): Promise<number> {
  try {
    return await syncOnce(client, book, pageSize);
  } catch (err) {
    if (!(err instanceof PolicyDeskError && err.status === 410)) throw err;
    book.customers.clear();
    book.policies.clear();
    book.communications.clear();
    book.feed = undefined;
    return syncOnce(client, book, pageSize);
  }
}

async function syncOnce(client: PolicyDeskClient, book: Book, pageSize: number): Promise<number> {
  let changed = 0;
  if (book.feed === undefined) {
    // where the feed ends before the load: every change from here on is replayed after it
    book.feed = await replay(client, undefined, pageSize);
    const lists: [ListPath, Map<string, Row>][] = [
      ['/customers', book.customers],
      ['/policies', book.policies],
      ['/communications', book.communications],
    ];
    for (const [path, into] of lists) {
      for await (const row of rows(client, path, pageSize)) {
        into.set(row.id, row);
        changed += 1;
      }
    }
  }
  book.feed = await replay(client, book.feed, pageSize, (entry) => {
    const into = mapOf(book, entry.entity);
    if (!into) return;
    if (entry.data) into.set(entry.entity_id, entry.data);
    else into.delete(entry.entity_id);
    changed += 1;
  });
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const client = createPolicyDeskClient({ baseUrl: process.env.POLICYDESK_URL ?? '', apiKey: process.env.POLICYDESK_KEY ?? '' });
  const book = emptyBook();
  console.log(`Loaded ${await sync(client, book)} rows.`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 60_000));
    console.log(`${new Date().toISOString()}: ${await sync(client, book)} changes applied.`);
  }
}
