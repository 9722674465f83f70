/** Loads ./.env into process.env when it exists (variables already set win). Imported first by every entry point. */
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
