// Query hooks for the API keys endpoints and the OpenAPI document (one hook per endpoint).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyInput, ApiKeysAnswer, CreatedApiKey } from '#shared/api-keys.ts';
import { apiDelete, apiGet, apiPost } from '#web/lib/api.ts';

export const apiKeysKey = ['api-keys'] as const;

export function useApiKeys(enabled = true) {
  return useQuery({ queryKey: apiKeysKey, enabled, queryFn: ({ signal }) => apiGet<ApiKeysAnswer>('/api/api-keys', signal) });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => apiPost<CreatedApiKey>('/api/api-keys', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(`/api/api-keys/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  /** the named types the operations refer to ($ref: '#/components/schemas/Name') */
  components?: { schemas?: Record<string, JsonSchema> };
}
export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
  const?: unknown;
  maxLength?: number;
  format?: string;
}
export interface OpenApiOperation {
  summary?: string;
  description?: string;
  deprecated?: boolean;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    staleTime: Infinity,
    queryFn: ({ signal }) => apiGet<OpenApiDocument>('/api/v1/openapi.json', signal),
  });
}
