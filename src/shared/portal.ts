// The client portal (issue 32): what an agency's client sees and sends. One schema per form, used by
// the portal's pages and its routes; the texts are the ones both sides show.
import { z } from 'zod';
import { emailField, idField, requiredText, safeText } from './validation.ts';

/** A one-time code: 6 digits, valid 10 minutes, 5 tries; then the client asks for a new one. */
export const PORTAL_CODE_LENGTH = 6;
export const PORTAL_CODE_MINUTES = 10;
export const PORTAL_CODE_TRIES = 5;
/** "Remember this device": the cookie and the session last 30 days; otherwise until the browser closes (12 hours at most). */
export const PORTAL_REMEMBER_DAYS = 30;
export const PORTAL_SESSION_HOURS = 12;
/** a change request is due one business day after it arrives */
export const PORTAL_REQUEST_DUE_BUSINESS_DAYS = 1;

export const PORTAL_TEXT = {
  emailRequired: 'Please enter your e-mail address.',
  codeRequired: 'Please enter the 6-digit code from the e-mail.',
  codeSent: 'If this address belongs to a client of an agency on PolicyDesk, a 6-digit code is on its way. It is valid for 10 minutes.',
  codeWrong: 'That code is not right, or it has expired. Check the e-mail or ask for a new code.',
  codeUsedUp: 'Too many wrong codes. Please ask for a new code.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  notSignedIn: 'Please sign in to the client portal.',
  chooseAgency: 'Please choose the agency you want to see.',
  agencyNotFound: 'Agency not found.',
  unavailable: "This agency's client portal is not available.",
  policyNotFound: 'Policy not found.',
  noCard: 'This policy has no ID card or evidence of insurance.',
  notInForce: 'This policy is not in force (not bound, ended or cancelled), so it has no ID card or evidence of insurance.',
  kindRequired: 'Please choose what you would like to change.',
  detailsRequired: 'Please describe the change.',
  requestSent: 'Your request was sent to your agent.',
  requestNotFound: 'Request not found.',
  stateInvalid: 'Please choose a state.',
  invited: 'Portal invitation sent.',
  revoked: 'Portal access revoked.',
  noEmail: 'This customer has no e-mail address to invite.',
  signedOut: 'You are signed out.',
  documentNotFound: 'Document not found.',
  shared: 'The document is shared with the client.',
  unshared: 'The document is no longer shared with the client.',
  notLinked: 'Only a document of a customer or a policy can be shared with the client.',
} as const;

export const shareDocumentSchema = z.object({ shared: z.boolean({ error: 'Please say whether the document is shared.' }) });

export const portalEmailSchema = z.object({ email: emailField(PORTAL_TEXT.emailRequired) });

export const portalVerifySchema = z.object({
  email: emailField(PORTAL_TEXT.emailRequired),
  code: safeText({ error: PORTAL_TEXT.codeRequired }).regex(/^\d{6}$/, PORTAL_TEXT.codeRequired),
  remember: z.boolean().default(false),
});

export const portalChooseSchema = z.object({ agency_id: idField(PORTAL_TEXT.agencyNotFound) });

export const CHANGE_KINDS = ['add_driver', 'add_vehicle', 'change_address', 'cancel', 'certificate', 'other'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_KIND_LABEL: Record<ChangeKind, string> = {
  add_driver: 'Add a driver',
  add_vehicle: 'Add a vehicle',
  change_address: 'Change my address',
  cancel: 'Cancel the policy',
  certificate: 'Ask for a certificate',
  other: 'Something else',
};

export const REQUEST_STATES = ['received', 'in_progress', 'done'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABEL: Record<RequestState, string> = { received: 'Received', in_progress: 'In progress', done: 'Done' };

export const changeRequestSchema = z.object({
  policy_id: idField(PORTAL_TEXT.policyNotFound),
  kind: z.enum(CHANGE_KINDS, PORTAL_TEXT.kindRequired),
  details: requiredText(PORTAL_TEXT.detailsRequired, 2000),
});

/** The agent's answer to a request: its state and an optional reply the client reads. */
export const requestAnswerSchema = z.object({
  state: z.enum(REQUEST_STATES, PORTAL_TEXT.stateInvalid),
  reply: safeText({ multiline: true })
    .max(2000, 'Must be at most 2000 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
});

export interface PortalAgencyChoice {
  id: string;
  name: string;
}

export interface PortalMe {
  email: string;
  /** null until the client picked an agency (one e-mail can be a client of two agencies) */
  agency: { id: string; name: string; color: string; logo_url: string | null; support_email: string | null; support_phone: string | null } | null;
  customer: { name: string } | null;
  agencies: PortalAgencyChoice[];
}

export interface PortalPolicy {
  id: string;
  policy_number: string;
  policy_type: string;
  carrier: string;
  status: string;
  start_date: string;
  end_date: string;
  premium: string;
  coverage: string;
  deductible: string;
  renewal_state: string;
  details: { label: string; value: string }[];
  /** 'id-card' (car), 'evidence' (fire) or null */
  card: 'id-card' | 'evidence' | null;
}

/** A change request as /api/v1 answers it (and its webhooks and change feed carry it): its own row, linked by ids. */
export interface ApiPortalRequest {
  id: string;
  customer_id: string;
  policy_id: string | null;
  kind: ChangeKind;
  details: string;
  state: RequestState;
  reply: string | null;
  created_at: string;
  updated_at: string;
}

/** A change request as the portal and the customer page show it: the /api/v1 row without the customer, with its policy's number. */
export interface PortalRequest extends Omit<ApiPortalRequest, 'customer_id'> {
  policy_number: string | null;
}

export interface PortalDocument {
  id: string;
  name: string;
  content_type: string;
  size: number;
  policy_number: string | null;
  /** a file the client sent (the portal lists it with the shared ones) */
  from_client: boolean;
  created_at: string;
}
