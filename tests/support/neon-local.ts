/**
 * A WebSocket-to-TCP bridge on loopback, so the Neon serverless driver (which only speaks WebSocket) can reach
 * an ordinary PostgreSQL server. Only loopback targets are allowed: this is a local-development tool, not a proxy.
 */
import { connect } from 'node:net';
import { WebSocketServer } from 'ws';

export async function startPgBridge(): Promise<{ port: number; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => wss.once('listening', resolve).once('error', reject));
  wss.on('connection', (ws, req) => {
    const address = new URL(req.url ?? '/', 'http://bridge').searchParams.get('address') ?? '';
    const match = /^(localhost|127\.[\d.]+|\[?::1\]?):(\d+)$/.exec(address);
    if (!match) return ws.close(1008, 'loopback targets only');
    const socket = connect({ host: match[1].replace(/[[\]]/g, ''), port: Number(match[2]) });
    socket.setNoDelay(true);
    ws.on('message', (data: Buffer) => socket.write(data));
    ws.on('close', () => socket.end());
    ws.on('error', () => socket.destroy());
    socket.on('data', (chunk) => ws.send(chunk));
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.terminate());
  });
  const { port } = wss.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
