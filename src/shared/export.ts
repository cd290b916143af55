// The full export (issue 12): the files of the archive and their columns, written once so the server
// writes exactly the headers the Export page documents.
import { DETAIL_COLUMNS, POLICY_TYPE_LABEL, POLICY_TYPES, type LineColumn } from './lines/index.ts';

/** "Car policies." / "Fire and Home policies; money, may be empty." */
function detailAbout(col: LineColumn): string {
  const lines = col.lines.map((l) => POLICY_TYPE_LABEL[l]);
  const who = `${lines.length > 1 ? `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}` : lines[0]} policies`;
  const options = col.meta.options ? `: ${col.meta.options.map(([v]) => v).join(', ')}` : '';
  const kind = col.meta.kind === 'money' ? `; money${col.meta.required ? '' : ', may be empty'}` : col.meta.kind === 'list' || col.meta.kind === 'policies' ? '; a list separated by ;' : '';
  return `${who}${options}${kind}.`;
}

export interface ExportColumn {
  name: string;
  about: string;
}

export interface ExportFile {
  name: string;
  about: string;
  columns: ExportColumn[];
}

const c = (name: string, about: string): ExportColumn => ({ name, about });

export const EXPORT_FILES = {
  customers: {
    name: 'customers.csv',
    about: 'Every customer of the agency.',
    columns: [
      c('id', 'The customer’s id in PolicyDesk.'),
      c('name', 'Full name.'),
      c('email', 'E-mail address (unique within the agency).'),
      c('phone', 'Phone number.'),
      c('customer_type', 'individual or business.'),
      c('address', 'Street address.'),
      c('city', 'City.'),
      c('postal_code', 'Postal code.'),
      c('date_of_birth', 'yyyy-MM-dd.'),
      c('notes', 'Free-text notes.'),
      c('created_at', 'When the customer was added (ISO 8601, UTC).'),
    ],
  },
  policies: {
    name: 'policies.csv',
    about: 'Every policy, with its line’s details in that line’s columns (the other lines’ columns are empty).',
    columns: [
      c('id', 'The policy’s id in PolicyDesk.'),
      c('policy_number', 'Policy number (unique within the agency).'),
      c('policy_type', `The line: ${POLICY_TYPES.join(', ')}.`),
      c('status', 'pending, active, expired or cancelled.'),
      c('insurance_company', 'The carrier.'),
      c('customer_id', 'The id of the customer in customers.csv.'),
      c('customer_name', 'Customer name as written on the policy.'),
      c('customer_email', 'Customer e-mail as written on the policy.'),
      c('customer_phone', 'Customer phone as written on the policy.'),
      c('premium_amount', 'Money, e.g. 1234.50.'),
      c('coverage_amount', 'Money.'),
      c('deductible', 'Money.'),
      c('start_date', 'yyyy-MM-dd.'),
      c('end_date', 'yyyy-MM-dd: the end of the term (start plus 12 or 6 months, or a custom date up to 36 months).'),
      c('created_at', 'When the policy was entered (ISO 8601, UTC).'),
      // every line's details columns, from the registry: a policy fills its own line's columns
      ...DETAIL_COLUMNS.map((col) => c(col.key, detailAbout(col))),
    ],
  },
  communications: {
    name: 'communications.csv',
    about: 'The communication log of every customer.',
    columns: [
      c('id', 'The entry’s id.'),
      c('customer_id', 'The id of the customer in customers.csv.'),
      c('customer_email', 'The customer’s e-mail.'),
      c('type', 'email, phone, meeting or letter.'),
      c('subject', 'Subject.'),
      c('content', 'What was said.'),
      c('communication_date', 'When (ISO 8601, UTC).'),
    ],
  },
  renewals: {
    name: 'renewals.csv',
    about: 'The renewal tracking of every policy: its state, its assignee, the term it renews and why it was lost.',
    columns: [
      c('policy_id', 'The id of the policy in policies.csv.'),
      c('policy_number', 'Policy number.'),
      c('renewal_state', 'not_started, contacted, quoted, renewed or lost.'),
      c('renewed_from_id', 'The id of the term this policy renews (its predecessor), empty for new business.'),
      c('remarket', 'true when the renewal rose by the agency’s remarket threshold or more.'),
      c('lost_reason', 'price, coverage, service, moved_or_sold or other, when lost.'),
      c('lost_note', 'The note given when marked lost.'),
      c('assignee_id', 'The id of the agency member the policy is assigned to.'),
      c('assignee_email', 'That member’s e-mail.'),
    ],
  },
  documents: {
    name: 'documents.csv',
    about: 'The index of the documents kept for customers and policies (the files themselves are downloaded from the app; a document in the Trash has its deleted_at).',
    columns: [
      c('id', 'The document’s id.'),
      c('name', 'File name as shown in the app.'),
      c('content_type', 'The type decided from its bytes, e.g. application/pdf.'),
      c('size', 'Size in bytes.'),
      c('customer_id', 'The id of its customer in customers.csv, or empty.'),
      c('policy_id', 'The id of its policy in policies.csv, or empty.'),
      c('uploaded_by', 'The uploader’s e-mail, empty when the account is gone.'),
      c('created_at', 'When it was uploaded (ISO 8601, UTC).'),
      c('deleted_at', 'When it was moved to the Trash (ISO 8601, UTC), empty otherwise.'),
    ],
  },
  activity: {
    name: 'activity.csv',
    about: 'The agency’s activity log, oldest first.',
    columns: [
      c('created_at', 'When (ISO 8601, UTC).'),
      c('actor', 'Who made the change (name), empty when the account is gone.'),
      c('kind', 'policy, customer, communication …'),
      c('action', 'created, updated, deleted …'),
      c('entity_id', 'The id of the record it concerns.'),
      c('summary', 'What happened, as shown in the log.'),
    ],
  },
  // issue 31: the commission book, after the rest so the earlier files keep their places
  commission_schedules: {
    name: 'commission_schedules.csv',
    about: 'The commission schedules: a rate per carrier, line and new business or renewal, from a date.',
    columns: [
      c('id', 'The rate’s id.'),
      c('carrier', 'The carrier, as written on the schedule.'),
      c('line', `The line: ${POLICY_TYPES.join(', ')}.`),
      c('business', 'new (new business) or renewal.'),
      c('rate', 'The percentage, e.g. 12.5000.'),
      c('effective_from', 'yyyy-MM-dd: terms starting on or after it take this rate.'),
      c('created_at', 'When the rate was set (ISO 8601, UTC).'),
    ],
  },
  commission_overrides: {
    name: 'commission_overrides.csv',
    about: 'The policies with their own commission rate, over their schedule’s.',
    columns: [c('policy_id', 'The id of the policy in policies.csv.'), c('policy_number', 'Policy number.'), c('rate', 'The percentage.')],
  },
  producer_splits: {
    name: 'producer_splits.csv',
    about: 'Each producer’s split of the agency’s commission, and the terms shared between two producers.',
    columns: [
      c('kind', 'producer (a member’s split of the terms assigned to them) or term (a term shared with a second producer).'),
      c('producer_id', 'The member’s id.'),
      c('producer_email', 'The member’s e-mail.'),
      c('new_business', 'producer: the percentage of new business commission.'),
      c('renewal', 'producer: the percentage of renewal commission.'),
      c('policy_id', 'term: the id of the policy in policies.csv.'),
      c('share', 'term: the percentage credited to the second producer (the assignee earns the rest).'),
    ],
  },
  commission_statements: {
    name: 'commission_statements.csv',
    about: 'The imported carrier statements (an undone one has its undone_at).',
    columns: [
      c('id', 'The statement’s id.'),
      c('carrier', 'The carrier.'),
      c('period', 'The month the statement covers, yyyy-MM.'),
      c('file_name', 'The imported file’s name.'),
      c('content_hash', 'SHA-256 of the file (a re-import is recognised by it).'),
      c('status', 'applied or undone.'),
      c('matched', 'Lines matched to a term.'),
      c('unmatched', 'Lines on the statement but not in the book.'),
      c('failed', 'Lines that could not be read.'),
      c('amount', 'The commission of its lines, money.'),
      c('created_at', 'When it was imported (ISO 8601, UTC).'),
      c('undone_at', 'When the import was undone (ISO 8601, UTC), empty otherwise.'),
    ],
  },
  commission_lines: {
    name: 'commission_lines.csv',
    about: 'Every commission received: the statements’ lines with their match, and the manual receipts (no statement_id).',
    columns: [
      c('id', 'The line’s id.'),
      c('statement_id', 'The id of its statement in commission_statements.csv, empty for a manual receipt.'),
      c('line_no', 'Its line in the statement’s file.'),
      c('status', 'matched, unmatched (on the statement, not in the book) or ignored.'),
      c('policy_id', 'matched: the id of the policy in policies.csv it was matched to.'),
      c('policy_number', 'The policy number as written on the statement.'),
      c('insured_name', 'The insured’s name as written on the statement.'),
      c('premium', 'Money, as on the statement.'),
      c('amount', 'The commission received, money (negative for a chargeback).'),
      c('received_on', 'yyyy-MM-dd.'),
      c('transaction_type', 'As on the statement.'),
      c('reason', 'Why it matched, or why it was ignored.'),
      c('created_at', 'When it was recorded (ISO 8601, UTC).'),
      // migration 0043: a match by hand, and what the import had decided (Put back restores it)
      c('matched_by', 'The id of the member who matched it by hand, empty if the import matched it or nobody did.'),
      c('imported_policy_id', 'Matched by hand after the import had matched it: the id of the policy the import chose (Put back restores it).'),
      c('imported_reason', 'Matched by hand after the import had matched it: the import’s reason.'),
    ],
  },
} as const satisfies Record<string, ExportFile>;

export type ExportFileKey = keyof typeof EXPORT_FILES;

export const MANIFEST_FILE = 'manifest.json';

export const EXPORT_TEXT = {
  title: 'Export',
  description: 'Download your agency’s whole book as one zip file: a CSV per table and a manifest.json that lists the files, their columns and row counts.',
  download: 'Download full export',
  downloading: 'Preparing export…',
  received: (bytes: string) => `${bytes} received`,
  done: 'Export downloaded.',
  failed: (message: string) => `Export failed: ${message}`,
  manifestAbout: 'The agency, the time of the export, the formats used, and each file with its columns and row count.',
} as const;

/** What the export leaves out, recorded in the manifest so a reader knows where to find it. */
export const EXPORT_NOT_INCLUDED: string[] = ['the documents’ own files (documents.csv lists them; download them from the app)'];

export function exportFileName(agencyName: string, day: string): string {
  const slug = agencyName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'agency';
  return `policydesk-${slug}-${day}.zip`;
}
