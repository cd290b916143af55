// packages/sdk's generated files: /api/v1's OpenAPI document (openapi.json) and its TypeScript types
// (src/schema.ts, by openapi-typescript). Written by `npm run sdk:generate` (scripts/generate-sdk.ts);
// the SDK test fails while the committed files differ from a fresh generation.
import { readFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';
import { apiV1Document } from './routes.ts';

const SDK = new URL('../../../../../packages/sdk/', import.meta.url);
export const SDK_FILES = { document: new URL('openapi.json', SDK), types: new URL('src/schema.ts', SDK) };

const HEADER = '// Generated from /api/v1/openapi.json by `npm run sdk:generate` (scripts/generate-sdk.ts). Do not edit.\n\n';

export interface SdkFiles {
  document: string;
  types: string;
}

/** The SDK's generated files as they should be committed. */
// defaultNonNullable off: a field with a default (customer_type, status) may be left out of a request
export async function generateSdkFiles(): Promise<SdkFiles> {
  const doc = apiV1Document();
  const document = `${JSON.stringify(doc, null, 2)}\n`;
  // a copy: openapi-typescript writes into the document it reads (its discriminator enums)
  const types = HEADER + astToString(await openapiTS(structuredClone(doc) as never, { defaultNonNullable: false }));
  return { document, types };
}

export async function committedSdkFiles(): Promise<SdkFiles> {
  return { document: await readFile(SDK_FILES.document, 'utf8'), types: await readFile(SDK_FILES.types, 'utf8') };
}
