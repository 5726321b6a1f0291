/**
 * `npm run bench` (issue 6): the load run of bench/load.ts on SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL is set. Exit code 1 when any request failed.
 */
import { main } from './load.ts';

const results = await main();
process.exit(results.some((r) => r.errors) ? 1 : 0);
