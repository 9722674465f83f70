/** Refused requests in the log: one counted line per kind a minute, and no stack trace for a client that went away. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { flushRefusals, noteRefusal, setRefusalLog } from '../../src/lib/server/refusals.ts';
import { readBody, type BodyRead } from '../../src/runtime/body-limit.ts';
import { createApiListener } from '../../src/runtime/api.ts';
import type { Handler } from '../../src/runtime/functions.ts';
import { readJson } from '../../src/lib/server/http.ts';

afterEach(() => setRefusalLog());

function logged() {
  const lines: string[] = [];
  let clock = 1_000_000;
  setRefusalLog(
    (line) => lines.push(line),
    () => clock,
  );
  return { lines, advance: (ms: number) => (clock += ms) };
}

describe('the refusal log', () => {
  it('writes a burst of 2,187 refusals of one kind as one counted line when the minute is over', () => {
    const { lines, advance } = logged();
    for (let i = 0; i < 2187; i++) noteRefusal('wayforpay callback: bad signature', `GP${i}`);
    noteRefusal('upload aborted');
    expect(lines).toEqual([]);
    advance(60_000);
    noteRefusal('upload aborted');
    expect(lines).toEqual([
      '[refused] wayforpay callback: bad signature ×2187 in the last minute (last: "GP2186")',
      '[refused] upload aborted ×1 in the last minute',
    ]);
    flushRefusals();
    expect(lines.at(-1)).toBe('[refused] upload aborted ×1 in the last minute');
    expect(lines.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('writes nothing for a quiet minute', () => {
    const { lines } = logged();
    flushRefusals();
    expect(lines).toEqual([]);
  });
});

/** A server answering with `listener`, and a client that sends a tenth of its body and hangs up. */
async function abandonedUpload(listener: (req: IncomingMessage, res: ServerResponse) => unknown) {
  let settled: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((req, res) => {
    settled = Promise.resolve(listener(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      );
      setTimeout(() => (socket.destroy(), resolve()), 50);
    });
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const outcome = await settled.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return outcome;
}

describe('an upload the client abandons mid-body', () => {
  it('is read as "aborted", not thrown', async () => {
    const outcome = await abandonedUpload((req) => readBody(req));
    expect(outcome).toEqual({ value: { ok: false, reason: 'aborted' } satisfies BodyRead });
  });

  it('logs no stack on the local server, only a counted refusal', async () => {
    const { lines: refusals } = logged();
    const log: string[] = [];
    const handler: Handler = async () => new Response('never reached');
    const api = createApiListener({
      routes: [{ pattern: '/api/echo', methods: ['POST'], handler, name: 'echo' }],
      siteUrl: 'http://127.0.0.1',
      waitUntil: () => {},
      log: (line) => log.push(line),
    });
    await abandonedUpload(api);
    expect(log.join('\n')).not.toMatch(/\bat /);
    flushRefusals();
    expect(refusals).toEqual(['[refused] upload aborted ×1 in the last minute']);
  });

  it('is a 400 from readJson, counted, when the platform hands the function a body that fails to arrive', async () => {
    const { lines } = logged();
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(new Error('aborted'));
      },
    });
    const req = new Request('http://localhost/api/x', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const read = await readJson(req, 8192);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.response.status).toBe(400);
    flushRefusals();
    expect(lines).toEqual(['[refused] upload aborted ×1 in the last minute']);
  });
});
