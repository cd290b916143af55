// Which PostgreSQL the API tests run on. TEST_DATABASE_URL is what the app connects through: the
// server itself, or PgBouncer in front of it (with DATABASE_POOLER=transaction, as .ci/run does).
// Databases are created from the template and dropped over TEST_DATABASE_ADMIN_URL, the server
// itself, when given: a pooler keeps idle server connections to the template database after it was
// migrated, and PostgreSQL refuses to copy a database that has connections.

export interface TestPostgres {
  /** What the app and the tests' own queries connect through. */
  url: string;
  /** Direct to the server: create, copy and drop databases. */
  adminUrl: string;
  /** DATABASE_POOLER of the run: 'transaction' behind PgBouncer in transaction mode. */
  pooler: 'transaction' | undefined;
}

export function testPostgres(env: Record<string, string | undefined> = process.env): TestPostgres | undefined {
  const url = env.TEST_DATABASE_URL?.trim();
  if (!url) return undefined;
  const pooler = env.DATABASE_POOLER?.trim() === 'transaction' ? 'transaction' : undefined;
  return { url, adminUrl: env.TEST_DATABASE_ADMIN_URL?.trim() || url, pooler };
}

/** The same server (or pooler) and user, another database. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}
