/** Starts the real server (`node src/runtime/main.ts`) as a child process, exactly as `npm start` runs it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function spawnServer(
  env: Record<string, string>,
  args: string[] = ['--no-build'],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['src/runtime/main.ts', ...args], {
    cwd: root,
    // The tests stand in for a proxy: each test client names its own address in X-Forwarded-For. They pay through
    // the test provider, which runs only when asked for (src/lib/server/production.ts); a test may say otherwise.
    env: { ...process.env, PORT: '0', TRUST_PROXY: '1', PAYMENT_PROVIDER: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until the server's database answers (it opens in the background after the server listens). */
export async function waitForHealth(url: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) return (await res.json()) as Record<string, unknown>;
    if (Date.now() > deadline) throw new Error(`health never became ok (last status ${res?.status})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
