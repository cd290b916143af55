// One fetch wrapper for the API: JSON in and out, the server's readable error as an ApiError.
import { REMOVED_FROM_AGENCY_HEADER } from '#shared/team-header.ts';
import { reportRemovedFromAgency } from './agency-notice.ts';

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function api<T>(path: string, options: { method?: Method; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: options.body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  // Any answer may say the session just lost its agency: the layout tells the user.
  const removedFrom = response.headers.get(REMOVED_FROM_AGENCY_HEADER);
  if (removedFrom) reportRemovedFromAgency(decodeURIComponent(removedFrom));
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_' + response.status, error?.message ?? 'Something went wrong', error?.fields);
  }
  return data as T;
}

export const apiGet = <T,>(path: string, signal?: AbortSignal) => api<T>(path, { signal });
export const apiPost = <T,>(path: string, body: unknown = {}) => api<T>(path, { method: 'POST', body });
export const apiPatch = <T,>(path: string, body: unknown) => api<T>(path, { method: 'PATCH', body });
export const apiPut = <T,>(path: string, body: unknown) => api<T>(path, { method: 'PUT', body });
export const apiDelete = <T,>(path: string) => api<T>(path, { method: 'DELETE' });

export function errorMessage(err: unknown, fallback = 'Something went wrong'): string {
  return err instanceof Error && err.message ? err.message : fallback;
}
