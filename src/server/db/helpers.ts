// Small query helpers every feature shares: ids in paths, LIKE patterns, unique violations.
import { z } from 'zod';
import { notFound } from '../errors.ts';

const uuid = z.uuid();

/** An id that is not a UUID can't name a row: 404, never a database cast error. */
export function idOr404(id: string | undefined, message?: string): string {
  if (!id || !uuid.safeParse(id).success) throw notFound(message);
  return id;
}

/** A LIKE pattern that matches the text literally anywhere: %, _ and \ are escaped. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** True when the error (or its cause) is PostgreSQL's unique violation on that constraint. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
  }
  return false;
}
