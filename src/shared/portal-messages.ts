// The client portal's messages, client uploads and signatures (issue 32): the schemas both sides
// validate with, and the texts both sides show.
import { z } from 'zod';
import { requiredText, safeText } from './validation.ts';

export const PORTAL_MESSAGE_MAX = 5000;

export const MESSAGE_TEXT = {
  bodyRequired: 'Please write a message.',
  sent: 'Message sent.',
  empty: 'No messages yet. Write to your agency here.',
  agentEmpty: 'No messages with this client yet.',
  notInvited: 'Invite the client to the portal before writing to them.',
} as const;

export const portalMessageSchema = z.object({ body: requiredText(MESSAGE_TEXT.bodyRequired, PORTAL_MESSAGE_MAX, true) });

export interface PortalMessage {
  id: string;
  /** true: the client wrote it; false: someone of the agency */
  from_client: boolean;
  author_name: string;
  body: string;
  /** when the other side read it (null: unread) */
  read_at: string | null;
  created_at: string;
}

export interface PortalThread {
  messages: PortalMessage[];
  /** messages of the other side the reader has not read yet */
  unread: number;
}

export const UPLOAD_TEXT = {
  uploaded: 'Your file was sent to your agency.',
  fromClient: 'From client',
} as const;

// ---- signatures

/** A request the client has not answered expires 30 days after it was sent. */
export const SIGNATURE_EXPIRY_DAYS = 30;
/** automatic reminders of a pending request: this many days after it was sent */
export const SIGNATURE_REMINDER_DAYS = [3, 7] as const;
export const SIGNATURE_STATES = ['pending', 'signed', 'declined', 'expired'] as const;
export type SignatureState = (typeof SIGNATURE_STATES)[number];
export const SIGNATURE_STATE_LABEL: Record<SignatureState, string> = { pending: 'Waiting for signature', signed: 'Signed', declined: 'Declined', expired: 'Expired' };
export const SIGNATURE_KINDS = ['typed', 'drawn'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

export const SIGNATURE_TEXT = {
  requested: 'Signature requested. The client was told by e-mail.',
  reminded: 'Reminder sent.',
  signed: 'Thank you. The document is signed; the signed copy is in your documents.',
  declined: 'You declined to sign. Your agency was told.',
  notFound: 'Signature request not found.',
  notPdf: 'Only a PDF document can be sent for signature.',
  notInvited: 'Invite the client to the portal before asking for a signature.',
  alreadyPending: 'This document is already waiting for the client’s signature.',
  signedCopy: 'This is the client’s signed copy; it cannot be sent for signature again.',
  signedCopyBadge: 'Signed copy',
  notPending: 'This request is no longer waiting for a signature.',
  nameRequired: 'Please type your full name.',
  signatureRequired: 'Please draw or type your signature.',
  drawingInvalid: 'The drawn signature could not be read. Please draw it again.',
  consentRequired: 'Please confirm that you agree to sign electronically.',
  consent: 'I have read the document and agree to sign it electronically. My typed name and signature have the same effect as my handwritten signature.',
  unreadablePdf: 'This PDF cannot be read, so it cannot be signed. Please ask your agency for another copy.',
  remindTooSoon: 'A reminder was sent less than a day ago.',
  drawHint: 'Draw with a mouse, a pen or your finger. Cannot draw? Choose “Type it” above.',
} as const;

/** A drawn signature is a small PNG from the signature pad, sent as a data URL. */
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
export const SIGNATURE_PNG_MAX_CHARS = 200_000;

export const signSchema = z
  .object({
    full_name: requiredText(SIGNATURE_TEXT.nameRequired, 200),
    kind: z.enum(SIGNATURE_KINDS, SIGNATURE_TEXT.signatureRequired),
    /** the typed signature (kind typed) */
    typed: safeText().max(200, 'Must be at most 200 characters.').optional().default(''),
    /** the drawn signature (kind drawn): a PNG data URL */
    drawing: safeText({ trim: false }).max(SIGNATURE_PNG_MAX_CHARS, SIGNATURE_TEXT.drawingInvalid).optional().default(''),
    consent: z.literal(true, SIGNATURE_TEXT.consentRequired),
  })
  // `when`: the signature is checked even while another field is wrong, so every message shows at once
  .refine((v) => v.kind !== 'typed' || Boolean(v.typed), { path: ['typed'], message: SIGNATURE_TEXT.signatureRequired, when: (p) => signatureChoice(p.value).kind === 'typed' })
  .refine((v) => v.kind !== 'drawn' || Boolean(v.drawing), { path: ['drawing'], message: SIGNATURE_TEXT.signatureRequired, when: (p) => signatureChoice(p.value).kind === 'drawn' })
  .refine((v) => v.kind !== 'drawn' || !v.drawing || PNG_DATA_URL.test(v.drawing), {
    path: ['drawing'],
    message: SIGNATURE_TEXT.drawingInvalid,
    when: (p) => signatureChoice(p.value).kind === 'drawn',
  });

/** The raw choice of signature, read before the rest of the form is valid. */
function signatureChoice(value: unknown): { kind: unknown; typed: string; drawing: string } {
  const v = (value ?? {}) as Record<string, unknown>;
  return { kind: v.kind, typed: typeof v.typed === 'string' ? v.typed.trim() : '', drawing: typeof v.drawing === 'string' ? v.drawing : '' };
}
export type SignInput = z.input<typeof signSchema>;

export const declineSchema = z.object({ reason: safeText({ multiline: true }).max(1000, 'Must be at most 1000 characters.').optional().default('') });

export const requestSignatureSchema = z.object({
  message: safeText({ multiline: true }).max(1000, 'Must be at most 1000 characters.').optional().default(''),
});

export interface SignatureRequest {
  id: string;
  document_id: string;
  document_name: string;
  state: SignatureState;
  message: string | null;
  requested_by_name: string | null;
  created_at: string;
  expires_at: string;
  reminded_at: string | null;
  signed_at: string | null;
  signer_name: string | null;
  signed_document_id: string | null;
  decline_reason: string | null;
  original_sha256: string | null;
  signed_sha256: string | null;
}
