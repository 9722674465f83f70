// `npm run dev`: Astro's dev server (pages with hot reload) on PORT, and our function server on PORT+1 restarted
// by `node --watch` whenever a function, server module, domain module or migration changes. Vite proxies /api.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = Number(process.env.PORT ?? 8888);
const apiPort = Number(process.env.API_PORT ?? port + 1);
const watched = ['netlify/functions', 'src/lib', 'src/domain', 'src/i18n', 'src/content', 'db/migrations'].filter(
  existsSync,
);

const children = [
  spawn(process.execPath, [...watched.map((dir) => `--watch-path=${dir}`), 'src/runtime/main.ts', '--api-only'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort) },
  }),
  spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(port)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
    },
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode ||= code ?? 0;
  });
