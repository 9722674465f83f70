/**
 * The request body limit, read on the raw Node request: a refused upload must still let the client, which may be
 * writing megabytes more, read its 413 on a connection that stays usable.
 */
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;
/** After a 413, the rest of an oversized upload is read and dropped up to this much, so the client (still sending)
 *  reads our answer instead of a reset connection; beyond it the connection is closed. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * The whole body, or why not: too large (413), or the client went away before sending it all — an ordinary event
 * (a closed tab, a dropped connection), answered as a refusal and never thrown, so it logs no stack.
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    drain(req, 0);
    return { ok: false, reason: 'too_large' };
  }
  // Events rather than for-await: leaving a for-await early destroys the request, and with it the socket the 413
  // must still be written to.
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('close', onAbort);
      drain(req, size);
      resolve({ ok: false, reason: 'too_large' });
    };
    const onEnd = () => resolve({ ok: true, body: Buffer.concat(chunks) });
    // Node reports a connection closed mid-body as an 'error' (ECONNRESET, "aborted") and then 'close'; a promise
    // settles once, so whichever comes first decides.
    const onAbort = () => resolve({ ok: false, reason: 'aborted' });
    req.on('data', onData).once('end', onEnd).once('error', onAbort).once('close', onAbort);
  });
}

/** Reads and drops the rest of a refused upload, up to DRAIN_LIMIT_BYTES; then closes the connection. */
function drain(req: IncomingMessage, already: number): void {
  let seen = already;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}
