// Static output for both locales from one source per route (DESIGN.md §1–§2).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { existsSync } from 'node:fs';

// The same .env `npm start` reads, so values baked into pages (SITE_URL, CONTACT_EMAIL…) agree with the server.
if (existsSync('.env')) process.loadEnvFile('.env');

const port = Number(process.env.PORT ?? 8888);

export default defineConfig({
  site: (process.env.SITE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  i18n: {
    locales: ['uk', { path: 'eng', codes: ['en'] }],
    defaultLocale: 'uk',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [react()],
  server: { port },
  vite: {
    // `npm run dev`: pages from Vite, /api from our function server on the next port (scripts/dev.mjs).
    server: { proxy: { '/api': `http://127.0.0.1:${Number(process.env.API_PORT ?? port + 1)}` } },
  },
});
