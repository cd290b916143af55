import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** The request being served (set by app.ts), so every line logged while serving it names it. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Structured JSON logs. Every line written while a request is served (c.var.log, mail, storage, auth)
 * carries the request's id, taken from the request scope (no child logger per request).
 */
const NO_FIELDS = {};

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
    mixin: (_merge, _level, logger) => {
      const scope = requestScope.getStore();
      if (!scope) return NO_FIELDS;
      // a child that names its request already (its bindings are kept as a JSON fragment) is left as is
      const bound = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym];
      return bound?.includes('"requestId":') ? NO_FIELDS : { requestId: scope.requestId };
    },
  };
  return pino(options, destination ?? bufferedStdout());
}

/**
 * stdout, buffered: one write per ≈ 4 KB (or every 200 ms) instead of one per line — the request
 * line was the largest entry of the list request's CPU profile (decision 030). pino flushes the
 * buffer synchronously when the process exits.
 */
function bufferedStdout(): pino.DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      // not ready yet (still opening) or already closed: the next tick or the exit flush writes it
    }
  }, 200);
  timer.unref();
  return stream;
}

/** What a logged database error may carry: the SQL error code and where it happened, never values. */
const DB_ERROR_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;

/**
 * Errors as logged. Drizzle wraps a failed query with its parameters (in `params` and in the
 * message), and PostgreSQL's `detail` and some messages quote the row's values: all of them can hold
 * customer data, so only the statement text, the SQLSTATE and the constraint or column are kept.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error) || depth > 4) return { message: String(err) };
  const source = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { type: err.name || err.constructor?.name };
  const isQueryWrapper = typeof source.query === 'string' && 'params' in source;
  if (isQueryWrapper) {
    out.statement = source.query;
    out.message = 'Failed query';
  } else {
    out.message = hasSqlState(source) ? redactQuotedValue(err.message) : err.message;
  }
  for (const field of DB_ERROR_FIELDS) if (typeof source[field] === 'string') out[field] = source[field];
  // The stack's first lines repeat the message (with the parameters): keep only the frames.
  const stack = isQueryWrapper || hasSqlState(source) ? framesOf(err.stack) : err.stack;
  if (stack) out.stack = stack;
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  if (isQueryWrapper && out.cause && typeof out.cause === 'object' && 'code' in out.cause) out.code = (out.cause as { code: unknown }).code;
  return out;
}

function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

function hasSqlState(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);
}

/** `invalid input syntax for type uuid: "…"` → the value replaced; constraint names stay. */
function redactQuotedValue(message: string): string {
  return message.replace(/: ".*"$/s, ': "[value omitted]"');
}
