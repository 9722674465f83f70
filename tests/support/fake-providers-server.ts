/**
 * Our provider fakes as a process of their own, for the end-to-end run (playwright.config.ts starts it beside the
 * server): `node tests/support/fake-providers-server.ts <port>`. The end-to-end server signs in with Google through
 * it (its account chooser is a form the test fills in); the other providers stay unconfigured there.
 */
import { startFakeProviders } from './fake-providers.ts';

const fake = await startFakeProviders(Number(process.argv[2]));
console.log(`[fake-providers] listening on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
