/**
 * The SMTP sink as a process of its own, for the end-to-end run (playwright.config.ts starts it beside the server):
 * `node tests/support/mail-sink-server.ts <port> <dir>`; mail that arrives is written to <dir>.
 */
import { startMailSink } from './mail-sink.ts';

const [port, dir] = process.argv.slice(2);
const sink = await startMailSink({ port: Number(port), dir });
console.log(`[mail-sink] listening on ${sink.smtpUrl}, writing to ${sink.dir}`);
const stop = () => void sink.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
