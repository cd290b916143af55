import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type Logger = pino.Logger;

/** The request being served (set by app.ts), so every line logged while serving it names it. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * Structured JSON logs. Each request gets a child logger carrying its request id (c.var.log); lines
 * written through any other logger while a request is served (mail, storage, auth) get the id too.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: (_merge, _level, logger) => {
      const scope = requestScope.getStore();
      return scope && !('requestId' in logger.bindings()) ? { requestId: scope.requestId } : {};
    },
  });
}
