import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXT, displayName, documentTargetSchema, formatStorage, renameDocumentSchema } from './documents.ts';

describe('document names and sizes', () => {
  it('shows the last path segment without control characters', () => {
    expect(displayName('../../etc/pass\u0000wd.pdf')).toBe('passwd.pdf');
    expect(displayName('C:\\Users\\me\\Rechnung März.PDF')).toBe('Rechnung März.PDF');
    expect(displayName('\u0007')).toBe('file');
    expect(displayName('a'.repeat(300))).toHaveLength(200);
  });

  it('formats storage figures', () => {
    expect(formatStorage(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatStorage(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatStorage(2 * 1024 ** 2)).toBe('2.0 MB');
    expect(formatStorage(1000)).toBe('1000 B');
  });

  it('needs a customer or a policy; empty ids count as none', () => {
    expect(documentTargetSchema.safeParse({ customer_id: '', policy_id: null }).error?.issues[0].message).toBe(DOCUMENT_TEXT.targetRequired);
    const id = '00000000-0000-4000-8000-000000000000';
    expect(documentTargetSchema.parse({ policy_id: id })).toEqual({ customer_id: null, policy_id: id });
    expect(renameDocumentSchema.safeParse({ name: ' ' }).error?.issues[0].message).toBe(DOCUMENT_TEXT.nameRequired);
  });
});
