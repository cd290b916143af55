// Keeping a copy of an agency's book with the SDK: an initial load of every list by cursor, then
// polling with updated_since for what changed (the lists are in (updated_at, id) order, so the last
// row's updated_at is where the next poll starts; rows changed at that instant come again and are
// simply written again). Run it: POLICYDESK_URL=https://…/api/v1 POLICYDESK_KEY=pd_live_… npx tsx sync.ts
import { createPolicyDeskClient, unwrap, type Communication, type Customer, type Policy, type PolicyDeskClient } from '../src/index.ts';

export interface Book {
  customers: Map<string, Customer>;
  policies: Map<string, Policy>;
  communications: Map<string, Communication>;
  /** per list, the newest updated_at seen: where the next poll starts */
  since: Partial<Record<ListPath, string>>;
}

type ListPath = '/customers' | '/policies' | '/communications';
type Row = { id: string; updated_at: string };

/** Every page of one list from `since` (all rows when undefined), in order. */
export async function* rows(client: PolicyDeskClient, path: ListPath, since?: string, limit = 100): AsyncGenerator<Row> {
  let cursor: string | undefined;
  do {
    const query = { limit, ...(cursor ? { cursor } : {}), ...(since ? { updated_since: since } : {}) };
    const page = unwrap(await client.GET(path, { params: { query } }));
    for (const row of page.data) yield row;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

export const emptyBook = (): Book => ({ customers: new Map(), policies: new Map(), communications: new Map(), since: {} });

/** The initial load (since empty) or one poll: every row of every list changed since the last one. */
export async function sync(client: PolicyDeskClient, book: Book, pageSize = 100): Promise<number> {
  let changed = 0;
  const lists: [ListPath, Map<string, Row>][] = [
    ['/customers', book.customers],
    ['/policies', book.policies],
    ['/communications', book.communications],
  ];
  for (const [path, into] of lists) {
    for await (const row of rows(client, path, book.since[path], pageSize)) {
      into.set(row.id, row);
      book.since[path] = row.updated_at;
      changed += 1;
    }
  }
  return changed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const client = createPolicyDeskClient({ baseUrl: process.env.POLICYDESK_URL ?? '', apiKey: process.env.POLICYDESK_KEY ?? '' });
  const book = emptyBook();
  console.log(`Loaded ${await sync(client, book)} rows.`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 60_000));
    console.log(`${new Date().toISOString()}: ${await sync(client, book)} rows changed.`);
  }
}
