/**
 * Stops a production build or server start that lacks required variables, before anything is built or served.
 * `node src/runtime/check-config.ts` is the first step of `npm run build`; main.ts calls it for the server.
 */
import './dotenv.ts';
import { missingProductionConfig, productionConfigMessage, type GuardedRun } from '../lib/server/production.ts';

export function exitIfMisconfigured(kind: GuardedRun): void {
  const missing = missingProductionConfig(kind);
  if (!missing.length) return;
  console.error(`[${kind}] ${productionConfigMessage(kind, missing)}`);
  process.exit(1);
}

if (import.meta.main) exitIfMisconfigured(process.argv[2] === 'server' ? 'server' : 'build');
