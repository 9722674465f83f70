// `npm run test:e2e`: Playwright against the built site served by the real server. Uses the system Chromium
// (CHROME_PATH, else /usr/bin/chromium); where there is none, installs Playwright's own Chromium first.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const system = candidates.find((path) => path && existsSync(path));
const env = { ...process.env };
if (system) {
  env.CHROME_PATH = system;
} else {
  delete env.CHROME_PATH;
  const { chromium } = await import('@playwright/test');
  if (!existsSync(chromium.executablePath())) {
    console.log("[e2e] no Chromium found: installing Playwright's own");
    const install = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
}
// The analytics journey needs a measurement id in the build (requests to Google are intercepted in the tests).
env.PUBLIC_GA_ID ||= 'G-E2ETEST00';
process.env.PUBLIC_GA_ID = env.PUBLIC_GA_ID;
const { isBuildFresh } = await import('../src/runtime/build-stamp.ts');
if (!isBuildFresh(process.cwd())) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
