import module from 'node:module';

/**
 * The production entry, `server-dist/index.mjs` (build-server.mjs; `npm run serve`, the Dockerfile):
 * turns on Node's on-disk compile cache, then loads the server (server/index.ts, bundled beside it
 * as `server.mjs`). With the cache, every start after the first reads V8's compiled code for the
 * 2 MB bundle instead of parsing it: the parser's working memory (about 7 MB of malloc'd memory
 * the process keeps for its whole life) and its time are spared. The cache lives in
 * NODE_COMPILE_CACHE when set, else Node's default under the temporary directory; an entry whose
 * source changed is compiled again, and when the directory cannot be written the start goes on
 * without a cache. Sources run with tsx (tests, development) start at server/index.ts, without it.
 */
module.enableCompileCache?.();
const server = './server.mjs';
await import(new URL(server, import.meta.url).href);
// Written now rather than at exit, so a start that ends by a signal or a crash still leaves it.
module.flushCompileCache?.();
