// `npm run sdk:generate`: rewrites packages/sdk's generated files from /api/v1's OpenAPI document.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateSdkFiles, SDK_FILES } from '#server/features/api/v1/sdk-files.ts';

const files = await generateSdkFiles();
await writeFile(SDK_FILES.document, files.document);
await writeFile(SDK_FILES.types, files.types);
console.log(`Wrote ${fileURLToPath(SDK_FILES.document)} and ${fileURLToPath(SDK_FILES.types)}`);
// the server's modules may hold timers (the rate-limit counter); the files are written
process.exit(0);
