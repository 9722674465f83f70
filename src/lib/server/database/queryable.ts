/** What callers of the database see, whichever engine answers (db.ts opens it; migrate.ts runs scripts on it). */
export type Row = Record<string, unknown>;
export interface Queryable {
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a whole SQL script (several statements, no parameters) as the server parses it: migrations. */
  exec(script: string): Promise<void>;
}
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Which driver talks to it: embedded PGlite, `pg` over TCP, or Neon's serverless driver (README, "Database"). */
  readonly driver: 'pglite' | 'pg' | 'neon';
  /** Runs fn in one transaction: every write in it lands, or none does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The part of a node-postgres client a transaction needs (`pg` and Neon's driver share it). */
export interface PgLikeClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** BEGIN, fn on one connection's queries, COMMIT; ROLLBACK when fn throws. The caller owns the connection. */
export async function transactionOn<T>(tx: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  await tx.query('BEGIN');
  try {
    const result = await fn(tx);
    await tx.query('COMMIT');
    return result;
  } catch (err) {
    await tx.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** A node-postgres client as a Queryable. Without parameters a query goes as one simple-protocol message, which may hold several statements. */
export const queryableOf = (client: PgLikeClient): Queryable => ({
  query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  exec: async (script) => void (await client.query(script)),
});
