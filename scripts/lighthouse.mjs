// Lighthouse (mobile, the default config) against pages of a running server, with the system Chromium.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function runLighthouse(baseUrl, paths, chromePath = process.env.CHROME_PATH || '/usr/bin/chromium') {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows = [];
  try {
    for (const path of paths) {
      const { lhr } = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'notApplicable' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => a.id);
      rows.push({
        path,
        ...scores,
        failing,
        metrics: {
          fcp: lhr.audits['first-contentful-paint']?.displayValue,
          lcp: lhr.audits['largest-contentful-paint']?.displayValue,
          tbt: lhr.audits['total-blocking-time']?.displayValue,
          cls: lhr.audits['cumulative-layout-shift']?.displayValue,
        },
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
