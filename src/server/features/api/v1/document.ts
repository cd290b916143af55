// The /api/v1 OpenAPI document: the routes' registry (every route is registered where it is mounted),
// the named types (components.ts) and the webhooks, each event type with its payload.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { featureNeed } from '#shared/features.ts';
import { TIER_LABEL } from '#shared/tiers.ts';
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, TEST_EVENT, WEBHOOK_EVENT_LABEL, WEBHOOK_EVENTS } from '#shared/webhooks.ts';
import type { AppEnv } from '#server/context.ts';
import { componentSchemas, WEBHOOK_PAYLOAD } from './components.ts';

const SDK_NOTE = 'A typed TypeScript client generated from this document: packages/sdk (@policydesk/sdk) in the repository.';

const webhookHeaders = [
  [SIGNATURE_HEADER, '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint\'s secret.'],
  [EVENT_ID_HEADER, 'The event id (also `id` in the body): the same on every retry.'],
  [EVENT_TYPE_HEADER, 'The event type (also `type` in the body).'],
  [DELIVERY_ID_HEADER, 'The delivery: one per endpoint and event, the same on every retry.'],
] as const;

/** Every event type a webhook endpoint may receive, with its payload (an endpoint picks the types it wants). */
function webhooks() {
  const events: { type: string; label: string }[] = [...WEBHOOK_EVENTS.map((type) => ({ type, label: WEBHOOK_EVENT_LABEL[type] })), { type: TEST_EVENT, label: 'Sent by "Send test event" only' }];
  return Object.fromEntries(
    events.map(({ type, label }) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(/\W/g, '_')}`,
          summary: label,
          description: 'A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.',
          parameters: webhookHeaders.map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } })),
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${WEBHOOK_PAYLOAD[type]}` } } } },
          responses: { '2XX': { description: 'Received.' } },
        },
      },
    ]),
  );
}

export function apiDocument(api: OpenAPIHono<AppEnv>): Record<string, unknown> {
  const doc = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'PolicyDesk API',
      version: '1.0.0',
      description:
        'Customers, policies and communications of your agency. Authenticate with `Authorization: Bearer <key>`. ' +
        'Each key may make a limited number of requests per minute (RateLimit-* headers; Retry-After on a 429). Writes accept an Idempotency-Key header. ' +
        `Keys of the ${TIER_LABEL[featureNeed('api').tier]} plan read only, at a fifth of the rate; writing needs the ${TIER_LABEL[featureNeed('api-write').tier]} plan (\`x-required-plan\` on each operation). ` +
        'Errors are `{ "error": { "code", "message", "fields"? } }`. ' +
        SDK_NOTE,
    },
    servers: [{ url: '/api/v1' }],
  }) as unknown as Record<string, unknown> & { components: Record<string, unknown> };
  const components = doc.components;
  return {
    ...doc,
    components: {
      ...components,
      schemas: { ...componentSchemas(), ...(components.schemas as object) },
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key from /dashboard/api-settings: `Authorization: Bearer pd_live_…`' },
      },
    },
    webhooks: webhooks(),
  };
}
