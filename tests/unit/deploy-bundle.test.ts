/** The certificate function as Netlify deploys it (zip-it-and-ship-it, esbuild): under 10 MB, with its fonts. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipFunction } from '@netlify/zip-it-and-ship-it';
import { expect, it } from 'vitest';

/** File names from a zip's central directory. */
function zipEntries(zip: Buffer): string[] {
  const names: string[] = [];
  for (
    let i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    i >= 0;
    i = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 46)
  ) {
    const nameLength = zip.readUInt16LE(i + 28);
    names.push(zip.subarray(i + 46, i + 46 + nameLength).toString('utf8'));
  }
  return names;
}

/** The included_files of netlify.toml, so the test zips exactly what Netlify would. */
const includedFiles = JSON.parse(
  /included_files\s*=\s*(\[[^\]]*\])/.exec(readFileSync('netlify.toml', 'utf8'))![1],
) as string[];

it('ships the certificate function with its fonts for names in any script, without the local-only database, under 10 MB', async () => {
  const dest = mkdtempSync(join(tmpdir(), 'rozum-zip-'));
  try {
    const result = await zipFunction('netlify/functions/certificates.mts', dest, {
      basePath: process.cwd(),
      repositoryRoot: process.cwd(),
      config: { '*': { nodeBundler: 'esbuild', includedFiles } },
    });
    const zip = readFileSync(result!.path);
    const entries = zipEntries(zip);
    expect(entries).toContain('src/assets/fonts/GolosText-Regular.ttf');
    expect(entries).toContain('src/assets/fonts/GolosText-Bold.ttf');
    // The holder's name in Greek, Arabic, Chinese/Japanese and Korean (src/lib/server/certificate-name.ts).
    for (const font of ['NotoSans-Bold', 'NotoSansArabic-Bold', 'NotoSansSC-Bold-names', 'NotoSansKR-Bold-hangul'])
      expect(entries).toContain(`src/assets/fonts/${font}.ttf`);
    expect(entries.some((e) => e.includes('@electric-sql/pglite'))).toBe(false);
    expect(zip.length).toBeLessThan(10 * 1024 * 1024);
  } finally {
    rmSync(dest, { recursive: true, force: true });
  }
}, 120_000);
