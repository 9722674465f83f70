/**
 * Neon's SQL-over-HTTP (`POST /sql`) as @neondatabase/serverless 1.2.0 speaks it — its `neon()` in index.mjs
 * (`execute`, `prepareQuery`, `processQueryResult`, the error fields it copies) — answered as Neon's proxy answers
 * (neondatabase/neon, proxy/src/serverless/sql_over_http.rs), by `pg` against a loopback PostgreSQL. Every request
 * is checked against the driver's format and anything else refused with a 400 naming what is wrong, so a driver
 * that starts sending something new fails here instead of passing unnoticed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';

/** host:port when host is loopback: all this stand-in ever connects to. */
export function loopbackTarget(address: string): { host: string; port: number } | undefined {
  const match = /^(localhost|127\.[\d.]+|\[?::1\]?):(\d+)$/.exec(address);
  return match ? { host: match[1].replace(/[[\]]/g, ''), port: Number(match[2]) } : undefined;
}

/** One statement as the driver sends it: parameters already text (it parses the values it gets back itself). */
interface Statement {
  query: string;
  params: (string | null)[];
}

const refusal = (message: string) => Object.assign(new Error(`neon-local: ${message}`), { refused: true });

const ISOLATION_LEVELS = ['ReadUncommitted', 'ReadCommitted', 'RepeatableRead', 'Serializable'];
const BATCH_HEADERS = ['neon-batch-isolation-level', 'neon-batch-read-only', 'neon-batch-deferrable'];
const KNOWN_HEADERS = ['neon-connection-string', 'neon-raw-text-output', 'neon-array-mode', ...BATCH_HEADERS];
/** The fields of a PostgreSQL error that the driver copies onto its NeonDbError (index.mjs `hi`). */
const ERROR_FIELDS = [
  ...['severity', 'code', 'detail', 'hint', 'position', 'internalPosition', 'internalQuery', 'where', 'schema'],
  ...['table', 'column', 'dataType', 'constraint', 'file', 'line', 'routine'],
] as const;

/** The connection string the driver resolved (scheme `postgresql:`, user, host, database), to a loopback host. */
function connectionStringOf(value: string | string[] | undefined): string {
  if (typeof value !== 'string') throw refusal('Neon-Connection-String is missing');
  const url = URL.parse(value);
  if (url?.protocol !== 'postgresql:' || !url.username || url.pathname.length < 2)
    throw refusal('Neon-Connection-String is not the postgresql://user@host/database the driver sends');
  if (!loopbackTarget(`${url.hostname}:${url.port || 5432}`)) throw refusal(`${url.hostname} is not loopback`);
  return value;
}

function statementOf(value: unknown): Statement {
  const { query, params, ...rest } = (value ?? {}) as Record<string, unknown>;
  if (typeof query !== 'string' || Object.keys(rest).length > 0) throw refusal('a statement is { query, params }');
  if (!Array.isArray(params) || !params.every((p) => p === null || typeof p === 'string'))
    throw refusal('params are text or null: the driver serializes every value before sending it');
  return { query, params };
}

/** RepeatableRead → REPEATABLE READ */
const upperWords = (name: string) => name.replace(/\B([A-Z])/g, ' $1').toUpperCase();

/** BEGIN as the batch headers ask (Neon runs a batch as one transaction). */
function beginOf(headers: IncomingMessage['headers']): string {
  const level = headers['neon-batch-isolation-level'];
  if (level !== undefined && !ISOLATION_LEVELS.includes(String(level)))
    throw refusal(`Neon-Batch-Isolation-Level is one of ${ISOLATION_LEVELS.join(', ')}`);
  const flag = (name: string, sql: string) => {
    const v = headers[name];
    if (v !== undefined && v !== 'true' && v !== 'false') throw refusal(`${name} is "true" or "false"`);
    return v === 'true' ? sql : '';
  };
  const isolation = level ? ` ISOLATION LEVEL ${upperWords(String(level))}` : '';
  return `BEGIN${isolation}${flag('neon-batch-read-only', ' READ ONLY')}${flag('neon-batch-deferrable', ' DEFERRABLE')}`;
}

const run = async (on: pg.Pool | pg.PoolClient, { query, params }: Statement) => {
  // Extended protocol even without parameters, as Neon's proxy does: several statements in one query are an error.
  const config = { text: query, values: params, rowMode: 'array', queryMode: 'extended' } as pg.QueryArrayConfig;
  const r = await on.query(config);
  return {
    command: r.command,
    rowCount: r.rowCount,
    rowAsArray: true,
    fields: r.fields.map((f) => ({ ...f, format: 'text' })),
    rows: r.rows,
  };
};

async function runBatch(pool: pg.Pool, statements: Statement[], begin: string) {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const results = [];
    for (const statement of statements) results.push(await run(client, statement));
    await client.query('COMMIT');
    return { results };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw refusal('the body is not JSON');
  }
}

/** The `/sql` endpoint: one `pg` Pool per connection string, values left as PostgreSQL's text. */
export function sqlOverHttp() {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connectionString: string) => {
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({ connectionString, max: 10, types: { getTypeParser: () => (text: string) => text } });
      // A test dropping its database ends our idle connections to it: not an error of this stand-in.
      pool.on('error', () => undefined);
      pools.set(connectionString, pool);
    }
    return pool;
  };

  async function answer(req: IncomingMessage): Promise<unknown> {
    const { headers } = req;
    const unknown = Object.keys(headers).find((h) => h.startsWith('neon-') && !KNOWN_HEADERS.includes(h));
    if (unknown) throw refusal(`${unknown} is not a header the driver sends`);
    if (headers['neon-raw-text-output'] !== 'true') throw refusal('Neon-Raw-Text-Output must be "true"');
    if (headers['neon-array-mode'] !== 'true') throw refusal('Neon-Array-Mode must be "true"');
    if (headers.authorization !== undefined) throw refusal('Authorization (JWT auth) is not served here');
    const pool = poolFor(connectionStringOf(headers['neon-connection-string']));
    const body = (await bodyOf(req)) as { queries?: unknown };
    if (!('queries' in Object(body))) {
      if (BATCH_HEADERS.some((h) => h in headers)) throw refusal('batch headers come with { queries } only');
      return run(pool, statementOf(body));
    }
    const { queries, ...rest } = body;
    if (!Array.isArray(queries) || Object.keys(rest).length > 0) throw refusal('a batch is { queries: [...] }');
    return runBatch(pool, queries.map(statementOf), beginOf(headers));
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      try {
        reply(200, await answer(req));
      } catch (err) {
        const e = err as Error & Record<string, unknown>;
        if (e.refused) return reply(400, { message: e.message });
        if (!(err instanceof pg.DatabaseError)) return reply(500, { message: e.message });
        reply(400, { message: e.message, ...Object.fromEntries(ERROR_FIELDS.map((k) => [k, e[k] ?? null])) });
      }
    },
    close: () => Promise.all([...pools.values()].map((pool) => pool.end())).then(() => undefined),
  };
}
