/**
 * Our stand-in for Neon's proxy, so one integration run goes through the production driver
 * (`@neondatabase/serverless`, src/lib/server/database/neon.ts) to the PostgreSQL on this machine. One HTTP server on
 * loopback answers what the driver sends when NEON_LOCAL_PROXY points it here:
 * - `POST /sql`: Neon's SQL-over-HTTP, the driver's `neon()` queries (neon-sql-over-http.ts);
 * - `GET /v2?address=host:port` upgraded to a WebSocket: the driver's `Client`, bridged to that PostgreSQL over TCP.
 * Only loopback targets are served: this is a test fixture, not a proxy.
 */
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { loopbackTarget, sqlOverHttp } from './neon-sql-over-http.ts';

export interface NeonLocal {
  /** What NEON_LOCAL_PROXY takes: `http://127.0.0.1:PORT`. */
  url: string;
  close(): Promise<void>;
}

export async function startNeonLocal(): Promise<NeonLocal> {
  const sql = sqlOverHttp();
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/sql') return void sql.handle(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('neon-local serves POST /sql and WebSockets at /v2\n');
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://neon-local');
    const target = url.pathname === '/v2' ? loopbackTarget(url.searchParams.get('address') ?? '') : undefined;
    if (!target) return void socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    wss.handleUpgrade(req, socket, head, (ws) => bridge(ws, target));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql.close();
    },
  };
}

/** The PostgreSQL wire protocol, byte for byte, between the WebSocket and a TCP connection. */
function bridge(ws: WebSocket, target: { host: string; port: number }): void {
  const socket = connect(target);
  socket.setNoDelay(true);
  ws.on('message', (data: Buffer) => socket.write(data));
  ws.on('close', () => socket.end());
  ws.on('error', () => socket.destroy());
  socket.on('data', (chunk) => ws.send(chunk));
  socket.on('close', () => ws.close());
  socket.on('error', () => ws.terminate());
}

let shared: { started: Promise<NeonLocal>; users: number } | undefined;

/**
 * The process's one stand-in, started on first use and closed when its last user releases it. One per process
 * because the driver's endpoints are global (`neonConfig`): every connection a process opens goes to the same proxy.
 */
export async function useNeonLocal(): Promise<{ url: string; release(): Promise<void> }> {
  const current = (shared ??= { started: startNeonLocal(), users: 0 });
  current.users += 1;
  const { url } = await current.started;
  let released = false;
  return {
    url,
    async release() {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users > 0) return;
      if (shared === current) shared = undefined;
      await (await current.started).close();
    },
  };
}
