// The import's multipart body as the page sends it: the fields first, then the file (the server
// checks them before reading its bytes).
export function importForm(content: string | Uint8Array, fields: Record<string, string> = {}, name = 'book.csv'): FormData {
  const body = new FormData();
  body.set('kind', fields.kind ?? 'customers');
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set('file', new File([content as BlobPart], name, { type: 'text/csv' }));
  return body;
}
