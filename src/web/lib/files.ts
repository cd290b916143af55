import type { FileLink } from '#shared/files.ts';
import { apiGet } from './api.ts';

/** A fresh signed link each time: links live 300 s, so they are fetched when the user opens a file. */
export function fetchFileLink(fileId: string): Promise<FileLink> {
  return apiGet<FileLink>(`/api/files/${fileId}/link`);
}
