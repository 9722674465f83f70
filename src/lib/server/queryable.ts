/** What callers of the database see, whichever engine answers (db.ts opens it; migrate.ts runs scripts on it). */
export type Row = Record<string, unknown>;
export interface Queryable {
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a whole SQL script (several statements, no parameters) as the server parses it: migrations. */
  exec(script: string): Promise<void>;
}
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: every write in it lands, or none does. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
