// Errors are values the user can read: { error: { code, message, fields? } } with the right status.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class AppError extends Error {
  constructor(
    public status: ContentfulStatusCode,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'User not authenticated') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Permission denied', code = 'FORBIDDEN') => new AppError(403, code, message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT', fields?: Record<string, string>) =>
  new AppError(409, code, message, fields);
export const badRequest = (message: string, fields?: Record<string, string>, code = 'VALIDATION_ERROR') =>
  new AppError(400, code, message, fields);
export const tooMany = (message: string) => new AppError(429, 'RATE_LIMITED', message);
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Nothing was saved. Please try again in a moment.';
export const databaseUnavailable = () => new AppError(503, 'DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);

export function errorBody(err: AppError) {
  return { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
}
