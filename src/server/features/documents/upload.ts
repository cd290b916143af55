// The Documents card's upload: an agency member's, into a customer or a policy of their agency
// (the pipeline itself is #server/platform/document-upload.ts, shared with the client portal and /api/v1).
import type { Context } from 'hono';
import type { DocumentRow } from '#shared/documents.ts';
import type { AppEnv } from '#server/context.ts';
import { uploadDocument as upload } from '#server/platform/document-upload.ts';
import { memberUploader } from '#server/entities/documents.ts';

export const DOCUMENT_UPLOAD_PATH = '/api/documents/upload';

export const uploadDocument = (c: Context<AppEnv>): Promise<DocumentRow> => upload(c, memberUploader(c.var.actor));
