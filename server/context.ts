import type { Sql } from './db/sql.ts';
import type { AuthUser } from './db/queries/auth.ts';
import type { FileStore } from './lib/files/file-store.ts';
import type { RequestIdVariables } from 'hono/request-id';

/** Settings of one API process, read from the environment by index.ts. */
export interface AppConfig {
  dataDir: string;
  /** Folder of the built console, served with an index.html fallback. */
  staticDir: string;
  /** Static token sent as `X-Api-Key` to the upstream photo-recognition service; never to a browser (DESIGN.md §4). */
  recognitionToken: string;
  /** Base URL of the upstream photo-recognition service; unset: the built-in emulation answers. */
  recognitionUpstreamUrl?: string;
  /** Public origin of the client app, used in links the API hands out. */
  clientAppUrl: string;
}

/** Hono environment: what middleware puts on the context for routes (`requestId`: hono/request-id, app.ts). */
export type AppEnv = { Variables: { sql: Sql; config: AppConfig; files: FileStore; user: AuthUser } & RequestIdVariables };
