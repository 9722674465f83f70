// Static output for both locales from one source per route (DESIGN.md §1–§2).
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rename, rmdir } from 'node:fs/promises';
import { localizedPath, notFoundFile } from './src/i18n/paths.ts';
import { keptHintScript } from './src/lib/kept-hint.ts';
import { loginHintScript } from './src/lib/login-hint.ts';
import { PAGE_CSP_DIRECTIVES, PAGE_SCRIPT_SOURCES, PAGE_STYLE_SOURCES } from './src/lib/server/security-headers.ts';

// The same .env `npm start` reads, so values baked into pages (SITE_URL, CONTACT_EMAIL…) agree with the server.
if (existsSync('.env')) process.loadEnvFile('.env');

const port = Number(process.env.PORT ?? 8888);

/**
 * Astro writes the root /404 as 404.html but, in the "directory" format, /eng/404 as eng/404/index.html. The English
 * not-found page moves to eng/404.html, the file the local server and Netlify (netlify.toml) answer unknown /eng
 * addresses with.
 */
const notFoundFiles = {
  name: 'rozum:not-found-files',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const built = new URL(`.${localizedPath('en', '/404')}/`, dir);
      await rename(new URL('index.html', built), new URL(`.${notFoundFile('en')}`, dir));
      await rmdir(built);
    },
  },
};

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
  integrations: [react(), notFoundFiles],
  // Content-Security-Policy per page: Astro hashes every inline script and style it emits (islands, hoisted scripts,
  // inlined stylesheets) into a <meta http-equiv="content-security-policy">; the rest of the policy, and the header
  // part a <meta> cannot carry (frame-ancestors), come from src/lib/server/security-headers.ts.
  security: {
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      // The inline scripts Astro does not emit, so does not hash: the hints read before the first paint (src/lib/*-hint.ts).
      scriptDirective: {
        resources: [...PAGE_SCRIPT_SOURCES],
        hashes: [keptHintScript(), loginHintScript()].map(
          (script) => `sha256-${createHash('sha256').update(script).digest('base64')}`,
        ),
      },
      styleDirective: { resources: [...PAGE_STYLE_SOURCES] },
    },
  },
  server: { port },
  vite: {
    // `npm run dev`: pages from Vite, /api from our function server on the next port (scripts/dev.mjs).
    server: { proxy: { '/api': `http://127.0.0.1:${Number(process.env.API_PORT ?? port + 1)}` } },
  },
});
