// CSV export of the filtered customer list, streamed in keyset batches: memory stays flat however many rows.
import { desc, sql } from 'drizzle-orm';
import { CSV_COLUMNS, CUSTOMER_TYPE_LABEL, type CustomerListQuery, type CustomerType } from '#shared/customers.ts';
import { csvLine } from '#shared/csv.ts';
import type { Actor } from '#server/context.ts';
import { customers } from '#server/db/schema.ts';
import { tenant, type Connection } from '#server/tenant.ts';
import { customerConds } from '#server/entities/customers.ts';

export const EXPORT_BATCH = 2000;

interface Cursor {
  createdAt: string;
  id: string;
}

export function exportCustomersCsv(db: Connection, actor: Actor, q: Pick<CustomerListQuery, 'search' | 'type'>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  const t = tenant(db, actor);
  return new ReadableStream<Uint8Array>({
    // pull runs only when the consumer wants more, so at most one batch is held at a time.
    async pull(controller) {
      if (!started) {
        started = true;
        // The byte-order mark lets spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode('\uFEFF' + csvLine([...CSV_COLUMNS])));
        return;
      }
      if (done) return;
      const after: Cursor | null = cursor;
      // created_at travels as text so its microseconds survive the round trip.
      const before = after ? sql`(${customers.createdAt}, ${customers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
      const rows = await t
        .select({
          id: customers.id,
          createdAtText: sql<string>`${customers.createdAt}::text`,
          createdAt: customers.createdAt,
          name: customers.name,
          email: customers.email,
          phone: customers.phone,
          type: customers.customerType,
          address: customers.address,
          city: customers.city,
          postalCode: customers.postalCode,
          dateOfBirth: customers.dateOfBirth,
          notes: customers.notes,
        })
        .from(customers, ...customerConds(q), before)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(EXPORT_BATCH);
      if (rows.length) {
        const text = rows
          .map((r) =>
            csvLine([
              r.name,
              r.email,
              r.phone,
              CUSTOMER_TYPE_LABEL[r.type as CustomerType] ?? r.type,
              r.address,
              r.city,
              r.postalCode,
              r.dateOfBirth,
              r.notes,
              r.createdAt.toISOString(),
            ]),
          )
          .join('');
        controller.enqueue(encoder.encode(text));
        const last = rows[rows.length - 1];
        cursor = { createdAt: last.createdAtText, id: last.id };
      }
      if (rows.length < EXPORT_BATCH) {
        done = true;
        controller.close();
      }
    },
  });
}
