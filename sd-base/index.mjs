var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// server/start.ts
import { getRequestListener } from "@hono/node-server";
import path5 from "node:path";

// server/db/index.ts
import { mkdirSync } from "node:fs";
import path from "node:path";

// server/db/sqlite.ts
import Database from "better-sqlite3";

// server/db/errors.ts
var DbError = class extends Error {
  constructor(kind, message, column, cause) {
    super(message);
    this.kind = kind;
    this.column = column;
    this.cause = cause;
    this.name = "DbError";
  }
};
var DbRefusal = class extends Error {
  constructor(kind, message, errors) {
    super(message);
    this.kind = kind;
    this.errors = errors;
    this.name = "DbRefusal";
  }
};
var invalidInput = (errors) => new DbRefusal("invalid", Object.values(errors)[0]?.[0] ?? "The given data was invalid.", errors);
async function translating(translate, fn) {
  try {
    return await fn();
  } catch (err) {
    throw translate(err);
  }
}
function keyColumn(list) {
  const bare = list.replace(/::[\w ]+/g, "").replaceAll('"', "");
  const first = /^[^,]*/.exec(bare)[0];
  return /([A-Za-z_]\w*)\b(?!\s*\()/.exec(first)?.[1];
}

// server/lib/jobs/next-turn.ts
var WORK_SLICE = 500;
var nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// server/db/sqlite-checkpoint.ts
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// server/lib/runtime/log.ts
import { pino } from "pino";
var LOG_BUFFER_MAX = 1024 * 1024;
var LOG_BATCH = 12 * 1024;
var LOG_FLUSH_MS = 200;
function stdoutDestination(fd = 1) {
  const dest = pino.destination({ dest: fd, sync: false, maxLength: LOG_BUFFER_MAX, minLength: LOG_BATCH, periodicFlush: LOG_FLUSH_MS });
  dest.on("error", () => {
  });
  return dest;
}
function createLogger(dest = stdoutDestination()) {
  let dropped = 0;
  let marking = false, markLost = false;
  dest.on?.("drop", () => {
    if (marking) markLost = true;
    else dropped++;
  });
  return pino({
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label2) => ({ level: label2 }) },
    hooks: {
      logMethod(args, method) {
        if (dropped) {
          const n = dropped;
          dropped = 0;
          marking = true;
          markLost = false;
          this.warn({ dropped_log_lines: n }, "log lines dropped: stdout was not read fast enough");
          marking = false;
          if (markLost) dropped += n;
        }
        return method.apply(this, args);
      }
    }
  }, dest);
}
var log = createLogger();

// server/db/sqlite-checkpoint.ts
function startCheckpoints(file, everyMs = CHECKPOINT_EVERY_MS) {
  let worker = null;
  let busy = false;
  const walSize = () => {
    try {
      return statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };
  const timer = setInterval(() => {
    if (busy || walSize() <= CHECKPOINT_BYTES) return;
    worker ??= spawn2(file);
    busy = true;
    worker.postMessage("checkpoint");
  }, everyMs);
  timer.unref();
  const spawn2 = (db) => {
    const w = new Worker(CHECKPOINTER, { eval: true, workerData: { file: db, driver: createRequire(import.meta.url).resolve("better-sqlite3") } });
    w.unref();
    w.on("message", () => {
      busy = false;
    });
    w.on("error", (err) => {
      log.error({ err }, "sqlite checkpointer failed");
      busy = false;
      worker = null;
    });
    return w;
  };
  return {
    async stop() {
      clearInterval(timer);
      const w = worker;
      worker = null;
      if (!w) return;
      w.ref();
      const gone = new Promise((resolve) => w.once("exit", () => resolve()));
      w.postMessage("close");
      let wait;
      await Promise.race([gone, new Promise((resolve) => {
        wait = setTimeout(resolve, 2e3);
      })]);
      clearTimeout(wait);
      await w.terminate();
    }
  };
}
var CHECKPOINT_BYTES = 4 * 1024 * 1024;
var CHECKPOINT_EVERY_MS = 1e3;
var CHECKPOINTER = `
const { workerData, parentPort } = require('node:worker_threads');
if (process.platform === 'linux') try { require('node:os').setPriority(19); } catch {}
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', (m) => {
  if (m === 'close') { db.close(); process.exit(0); }
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  parentPort.postMessage('done');
});
`;

// server/db/sqlite.ts
function openSqlite(file) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  db.pragma("wal_autocheckpoint = 0");
  db.pragma("journal_size_limit = 1048576");
  const checkpoints = startCheckpoints(file);
  const reader = new Database(file, { readonly: true });
  reader.pragma("busy_timeout = 5000");
  const cache = (conn) => {
    const statements = /* @__PURE__ */ new Map();
    return (sql2) => {
      let st = statements.get(sql2);
      if (!st) statements.set(sql2, st = conn.prepare(sql2));
      return st;
    };
  };
  const prepare = cache(db);
  const prepareRead = cache(reader);
  let pending = null;
  const settled = () => pending.catch(() => void 0);
  const indexColumn = (name) => {
    const def = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(name);
    return keyColumn(/\bON\s+[\w"]+\s*\((.*)\)\s*$/is.exec(def?.sql ?? "")?.[1] ?? "");
  };
  const t = (fn) => translating((err) => sqliteError(err, indexColumn), fn);
  const direct = {
    all: (sql2, params2 = []) => t(() => prepare(sql2).all(...params2)),
    get: (sql2, params2 = []) => t(() => prepare(sql2).get(...params2)),
    run: (sql2, params2 = []) => t(() => {
      const st = prepare(sql2);
      return st.reader ? st.all(...params2).length : st.run(...params2).changes;
    }),
    runMany: (sql2, rows) => t(async () => {
      const st = prepare(sql2);
      let n = 0;
      for (let i = 0; i < rows.length; i++) {
        if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
        n += st.run(...rows[i]).changes;
      }
      return n;
    })
  };
  const readOnly = (q) => /^\s*SELECT\b/i.test(q);
  const inTx = {
    ...direct,
    engine: "sqlite",
    transaction: (fn) => fn(inTx),
    // nested: same transaction
    close: async () => void 0
  };
  const sql = {
    engine: "sqlite",
    async all(q, p = []) {
      if (readOnly(q)) return t(() => prepareRead(q).all(...p));
      while (pending) await settled();
      return direct.all(q, p);
    },
    async get(q, p = []) {
      if (readOnly(q)) return t(() => prepareRead(q).get(...p));
      while (pending) await settled();
      return direct.get(q, p);
    },
    async run(q, p) {
      while (pending) await settled();
      return direct.run(q, p);
    },
    // In its own transaction: it yields between chunks, and no other write may slip in then.
    runMany: (q, rows) => sql.transaction((tx) => tx.runMany(q, rows)),
    async transaction(fn) {
      while (pending) await settled();
      const work = (async () => {
        await t(() => db.exec("BEGIN IMMEDIATE"));
        try {
          const result = await fn(inTx);
          await t(() => db.exec("COMMIT"));
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec("ROLLBACK");
          throw err;
        }
      })();
      pending = work;
      try {
        return await work;
      } finally {
        if (pending === work) pending = null;
      }
    },
    async close() {
      while (pending) await settled();
      await checkpoints.stop();
      reader.close();
      db.close();
    }
  };
  return sql;
}
function sqliteError(err, indexColumn = () => void 0) {
  const code = String(err?.code ?? "");
  const message = String(err?.message ?? "");
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const index = /failed: index '([^']+)'/.exec(message)?.[1];
    return new DbError("unique", message, index ? indexColumn(index) : /failed: [\w"]+\.(\w+)/.exec(message)?.[1], err);
  }
  if (/^SQLITE_(READONLY|FULL|IOERR|CANTOPEN)/.test(code)) return new DbError("unavailable", message, void 0, err);
  if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return new DbError("unreachable", message, void 0, err);
  if (code === "SQLITE_TOOBIG" || (err instanceof RangeError || err instanceof TypeError) && /bind|integer|too big|parameter/i.test(message)) {
    return new DbError("invalid", message, void 0, err);
  }
  return err;
}

// server/db/postgres.ts
import { createRequire as createRequire2 } from "node:module";

// server/db/postgres-errors.ts
var SOCKET_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENETRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOTCONN",
  "ESHUTDOWN"
]);
var LOST = /^(?:Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;
function isConnectionError(err, depth = 0) {
  if (!err || typeof err !== "object" || depth > 3) return false;
  const e = err;
  const code = typeof e.code === "string" ? e.code : "";
  if (SOCKET_CODES.has(code) || code.startsWith("08") || code.startsWith("57P")) return true;
  if (LOST.test(String(e.message ?? ""))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x, depth + 1))) return true;
  return isConnectionError(e.cause, depth + 1);
}
function postgresError(err) {
  if (err instanceof DbError) return err;
  const e = err;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = String(e?.message ?? "");
  if (code === "23505") return new DbError("unique", message, keyColumn(/^Key \((.*)\)=\(/.exec(String(e.detail ?? ""))?.[1] ?? ""), err);
  if (code === "25006" || code.startsWith("53")) return new DbError("unavailable", message, void 0, err);
  if (isConnectionError(err)) return new DbError("unreachable", message, void 0, err);
  if (code.startsWith("22")) return new DbError("invalid", message, void 0, err);
  return err;
}
var pgParams = (params2 = []) => params2.map((p) => typeof p === "number" && Number.isNaN(p) ? null : p);

// server/db/postgres-text.ts
import { createHash } from "node:crypto";
var BULK_INSERT = /^(INSERT\s+INTO\s+[\w."]+\s*\([^()]*\)\s*VALUES)\s*\(([^()]*)\)\s*(ON\s+CONFLICT\b[^;?]*\bDO\s+NOTHING)?\s*;?$/i;
var translated = /* @__PURE__ */ new Map();
function toPg(sql) {
  if (!sql.includes("?")) return sql;
  const hit = translated.get(sql);
  if (hit !== void 0) return hit;
  let out = "";
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (ch === "?") {
      out += `$${++n}`;
      continue;
    }
    let end = -1;
    if (ch === "'" || ch === '"') {
      end = i + 1;
      for (; ; ) {
        end = sql.indexOf(ch, end);
        if (end < 0) {
          end = sql.length;
          break;
        }
        if (sql[end + 1] === ch) {
          end += 2;
          continue;
        }
        end += 1;
        break;
      }
    } else if (ch === "-" && sql[i + 1] === "-") {
      end = sql.indexOf("\n", i);
      if (end < 0) end = sql.length;
    } else if (ch === "/" && sql[i + 1] === "*") {
      end = sql.indexOf("*/", i + 2);
      end = end < 0 ? sql.length : end + 2;
    }
    if (end < 0) {
      out += ch;
      continue;
    }
    out += sql.slice(i, end);
    i = end - 1;
  }
  if (translated.size < 5e3) translated.set(sql, out);
  return out;
}
var names = /* @__PURE__ */ new Map();
function statementName(s) {
  let name = names.get(s);
  if (name === void 0) {
    name = createHash("sha1").update(s).digest("base64url").slice(0, 16);
    if (names.size < 5e3) names.set(s, name);
  }
  return name;
}

// server/db/postgres.ts
function openPostgres(url, opts = {}) {
  const pgLib = createRequire2(import.meta.url)("pg");
  const pool = new pgLib.Pool({
    connectionString: url,
    max: opts.max ?? (Number(process.env.PG_POOL_MAX) || 20),
    // A request waits at most this long for a connection (a free one, or a new one to a server
    // that does not answer) and then gets a 503, not an endless wait.
    connectionTimeoutMillis: opts.connectTimeoutMs ?? (Number(process.env.PG_CONNECT_TIMEOUT_MS) || 1e4),
    types: { getTypeParser: ((oid, format) => oid === 20 ? (v) => Number(v) : pgLib.types.getTypeParser(oid, format)) }
  });
  pool.on("error", (err) => log.error({ code: err.code, error: err.message }, "PostgreSQL pool error"));
  const exec = (on, sql, params2 = []) => translating(postgresError, () => {
    const text3 = toPg(sql);
    return params2.length ? on.query({ name: `q${statementName(text3)}`, text: text3, values: pgParams(params2) }) : on.query(text3);
  });
  async function runManyOn(on, sql, rows) {
    if (!rows.length) return 0;
    const bulk = BULK_INSERT.exec(sql.trim());
    if (bulk && bulk[2].split(",").every((p) => p.trim() === "?")) {
      const [, head, , tail] = bulk;
      const width = rows[0].length;
      const per = Math.max(1, Math.min(1e3, Math.floor(6e4 / width)));
      let n2 = 0;
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        const values = chunk.map((_, r) => `(${Array.from({ length: width }, (_2, c) => `$${r * width + c + 1}`).join(", ")})`).join(", ");
        const res = await translating(postgresError, () => on.query(`${head} ${values}${tail ? " " + tail : ""}`, pgParams(chunk.flat())));
        n2 += res.rowCount ?? 0;
      }
      return n2;
    }
    const text3 = toPg(sql);
    const name = `m${statementName(text3)}`;
    let n = 0;
    for (const r of rows) n += (await translating(postgresError, () => on.query({ name, text: text3, values: pgParams(r) }))).rowCount ?? 0;
    return n;
  }
  function handle(on, inTx) {
    const self = {
      engine: "postgres",
      async all(sql, params2) {
        return (await exec(on, sql, params2)).rows;
      },
      async get(sql, params2) {
        return (await exec(on, sql, params2)).rows[0];
      },
      async run(sql, params2) {
        return (await exec(on, sql, params2)).rowCount ?? 0;
      },
      runMany: (sql, rows) => inTx ? runManyOn(on, sql, rows) : self.transaction((tx) => tx.runMany(sql, rows)),
      transaction: inTx ? (fn) => fn(self) : async (fn) => {
        const client = await translating(postgresError, () => pool.connect());
        let broken;
        const onError = (err) => {
          broken = err;
        };
        client.on("error", onError);
        try {
          await translating(postgresError, () => client.query("BEGIN"));
          const result = await fn(handle(client, true));
          await translating(postgresError, () => client.query("COMMIT"));
          return result;
        } catch (err) {
          try {
            await client.query("ROLLBACK");
          } catch (e) {
            broken = e;
          }
          throw err;
        } finally {
          client.off("error", onError);
          client.release(broken);
        }
      },
      close: inTx ? async () => void 0 : () => pool.end()
    };
    return self;
  }
  return handle(pool, false);
}

// server/db/migrations/001-core.ts
var core_default = `
CREATE TABLE roles (id {{pk}}, name TEXT NOT NULL UNIQUE);
CREATE TABLE permissions (id {{pk}}, name TEXT NOT NULL);
CREATE TABLE role_permissions (
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission_id INTEGER NOT NULL REFERENCES permissions(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, permission_id));
CREATE TABLE role_access (
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  access_role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, access_role_id));

CREATE TABLE companies (
  id {{pk}}, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 2, created_at BIGINT NOT NULL);
CREATE TABLE company_details (
  company_id INTEGER PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  description TEXT NOT NULL DEFAULT '');
CREATE TABLE company_days (
  company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  day_id INTEGER NOT NULL CHECK (day_id BETWEEN 1 AND 7),
  PRIMARY KEY (company_id, day_id));

CREATE TABLE users (
  id {{pk}}, name TEXT NOT NULL, email TEXT NOT NULL, password_hash TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  company_id INTEGER REFERENCES companies(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id));

CREATE TABLE tokens (
  id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE, expires_at BIGINT NOT NULL, revoked_at BIGINT,
  created_at BIGINT NOT NULL);
CREATE TABLE login_failures (key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX login_failures_key ON login_failures (key, at);

CREATE TABLE admin_menus (id {{pk}}, title TEXT NOT NULL, url TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 2);
CREATE TABLE admin_menu_roles (
  menu_id INTEGER NOT NULL REFERENCES admin_menus(id) ON DELETE CASCADE,
  role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  PRIMARY KEY (menu_id, role_id));

CREATE TABLE pages (id {{pk}}, title TEXT NOT NULL, content TEXT NOT NULL);
CREATE TABLE company_settings (id INTEGER PRIMARY KEY CHECK (id = 1), logo TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL DEFAULT '', primary_mail TEXT NOT NULL DEFAULT '', sales_mail TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '', address TEXT NOT NULL DEFAULT '');
CREATE TABLE email_settings (id INTEGER PRIMARY KEY CHECK (id = 1), smtp_server TEXT NOT NULL DEFAULT '',
  smtp_email TEXT NOT NULL DEFAULT '', smtp_username TEXT NOT NULL DEFAULT '',
  smtp_password TEXT NOT NULL DEFAULT '', smtp_port TEXT NOT NULL DEFAULT '', smtp_type TEXT NOT NULL DEFAULT '');

CREATE TABLE bookings (
  id {{pk}}, company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  date TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL DEFAULT '', phone TEXT NOT NULL DEFAULT '',
  token TEXT, status INTEGER NOT NULL DEFAULT 0, created_at BIGINT NOT NULL);
CREATE INDEX bookings_company ON bookings (company_id, id);

CREATE TABLE events (
  id {{pk}}, company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', start_date TEXT NOT NULL, end_date TEXT NOT NULL,
  logo TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL);
CREATE INDEX events_company ON events (company_id, id);

CREATE TABLE event_photos (
  id {{pk}}, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  bid_number TEXT NOT NULL, low_res_image TEXT NOT NULL, high_res_image TEXT NOT NULL,
  price_type INTEGER NOT NULL DEFAULT 1, price TEXT NOT NULL DEFAULT '0', orientation TEXT NOT NULL);
CREATE INDEX event_photos_event ON event_photos (event_id, id);

CREATE TABLE campaigns (
  id {{pk}}, event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  title TEXT NOT NULL, description TEXT NOT NULL DEFAULT '', logo TEXT NOT NULL DEFAULT '',
  start_date TEXT NOT NULL, end_date TEXT NOT NULL, type INTEGER NOT NULL,
  share_post_quote TEXT NOT NULL DEFAULT '', image_console_id TEXT NOT NULL DEFAULT '',
  is_sales_event INTEGER NOT NULL DEFAULT 0, is_dynamic_branding INTEGER NOT NULL DEFAULT 0,
  application INTEGER NOT NULL DEFAULT 1, subdomain TEXT NOT NULL DEFAULT '',
  event_url TEXT NOT NULL DEFAULT '', friendly_url TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL);
CREATE INDEX campaigns_event ON campaigns (event_id, id);

CREATE TABLE templates (
  id {{pk}}, campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  path TEXT NOT NULL, template_json TEXT NOT NULL DEFAULT '{}',
  x DOUBLE PRECISION NOT NULL, y DOUBLE PRECISION NOT NULL, width DOUBLE PRECISION NOT NULL,
  height DOUBLE PRECISION NOT NULL, template_width DOUBLE PRECISION NOT NULL,
  template_height DOUBLE PRECISION NOT NULL, created_at BIGINT NOT NULL);

CREATE TABLE participant_videos (
  id {{pk}}, campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  name TEXT NOT NULL, age INTEGER, district TEXT NOT NULL DEFAULT '', school_name TEXT NOT NULL DEFAULT '',
  dropbox_shareable_link TEXT NOT NULL DEFAULT '', video_url TEXT NOT NULL DEFAULT '',
  status INTEGER NOT NULL DEFAULT 1, created_at BIGINT NOT NULL);
CREATE INDEX participant_videos_campaign ON participant_videos (campaign_id, status, id);

CREATE TABLE conference_users (
  id {{pk}}, campaign_id INTEGER NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'attende', UNIQUE (campaign_id, user_id));

CREATE TABLE recognition_events (
  id {{pk}}, payload TEXT NOT NULL, bib_filter TEXT, created_at BIGINT NOT NULL);
`;

// server/db/sqlite-autoincrement.ts
var PLAIN_PK = /\bid INTEGER PRIMARY KEY(?=\s*[,)])/;
async function rebuildWithAutoincrement(tx) {
  const tables = await tx.all(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
  );
  const rebuilt = [];
  for (const t of tables) {
    if (!PLAIN_PK.test(t.sql) || /AUTOINCREMENT/i.test(t.sql)) continue;
    const extras = await tx.all(
      "SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL",
      [t.name]
    );
    const temp = `${t.name}__rebuild`;
    const create = t.sql.replace(PLAIN_PK, "id INTEGER PRIMARY KEY AUTOINCREMENT").replace(/^CREATE TABLE\s+(?:"[^"]+"|\S+)/i, `CREATE TABLE "${temp}"`);
    await tx.run(create);
    await tx.run(`INSERT INTO "${temp}" SELECT * FROM "${t.name}"`);
    await tx.run(`DROP TABLE "${t.name}"`);
    await tx.run(`ALTER TABLE "${temp}" RENAME TO "${t.name}"`);
    for (const e of extras) await tx.run(e.sql);
    rebuilt.push(t.name);
  }
  const broken = await tx.all("PRAGMA foreign_key_check");
  if (broken.length) throw new Error(`rebuild left ${broken.length} rows with a broken foreign key`);
  return rebuilt;
}

// server/db/migrations/002-stable-ids.ts
var stableIds = {
  id: "002-stable-ids",
  sql: "ALTER TABLE recognition_events ADD COLUMN company_id INTEGER REFERENCES companies(id) ON DELETE SET NULL",
  foreignKeysOff: true,
  run: async (tx) => {
    if (tx.engine === "sqlite") await rebuildWithAutoincrement(tx);
  }
};

// server/db/migrations/resource-grants.ts
function resourceGrantsSql(g) {
  const q = (s) => `'${s.replaceAll("'", "''")}'`;
  const lines = g.permissions.map((name) => `INSERT INTO permissions (name) SELECT ${q(name)} WHERE NOT EXISTS (SELECT 1 FROM permissions WHERE lower(name) = lower(${q(name)}));`);
  if (g.menu) {
    const { title: title2, url } = g.menu;
    lines.push(
      `INSERT INTO admin_menus (title, url, status) SELECT ${q(title2)}, ${q(url)}, 1 WHERE EXISTS (SELECT 1 FROM roles WHERE name = 'admin') AND NOT EXISTS (SELECT 1 FROM admin_menus WHERE url = ${q(url)});`,
      `INSERT INTO admin_menu_roles (menu_id, role_id) SELECT m.id, r.id FROM admin_menus m, roles r WHERE m.url = ${q(url)} AND r.name = 'admin' AND NOT EXISTS (SELECT 1 FROM admin_menu_roles x WHERE x.menu_id = m.id AND x.role_id = r.id);`
    );
  }
  return lines.join("\n");
}

// server/db/migrations/003-abilities.ts
var abilities_default = resourceGrantsSql({
  permissions: [
    "View permissions",
    "Create permissions",
    "Edit permissions",
    "Delete permissions",
    "View roles",
    "Create roles",
    "Edit roles",
    "Delete roles",
    "View users",
    "Create users",
    "Edit users",
    "Delete users",
    "Import users",
    "View pages",
    "Create pages",
    "Edit pages",
    "Delete pages",
    "View menus",
    "Create menus",
    "Edit menus",
    "Delete menus",
    "View settings",
    "Edit settings",
    "View organizers",
    "Create organizers",
    "Edit organizers",
    "Delete organizers",
    "Moderate videos"
  ]
});

// server/db/migrations/004-stored-files.ts
var stored_files_default = `
CREATE TABLE stored_files (
  key TEXT PRIMARY KEY, bytes {{blob}} NOT NULL, size INTEGER NOT NULL, created_at BIGINT NOT NULL);
`;

// server/db/migrations/005-lookup-indexes.ts
var lookup_indexes_default = `
CREATE INDEX IF NOT EXISTS templates_campaign ON templates (campaign_id, id);
CREATE INDEX IF NOT EXISTS tokens_user ON tokens (user_id);
CREATE INDEX IF NOT EXISTS users_company ON users (company_id);
`;

// server/db/migrations/006-list-indexes.ts
var list_indexes_default = `
CREATE INDEX users_name_lc ON users (lower(name), id);
CREATE INDEX users_created ON users (created_at, id);
CREATE INDEX user_roles_role ON user_roles (role_id, user_id);
CREATE INDEX companies_name_lc ON companies (lower(name), id);
CREATE INDEX admin_menus_title_lc ON admin_menus (lower(title), id);
CREATE INDEX pages_title_lc ON pages (lower(title), id);
CREATE INDEX events_company_start ON events (company_id, start_date, id);
CREATE INDEX events_company_end ON events (company_id, end_date, id);
CREATE INDEX events_company_title_lc ON events (company_id, lower(title), id);
CREATE INDEX bookings_company_date ON bookings (company_id, date, id);
CREATE INDEX bookings_company_status ON bookings (company_id, status, id);
CREATE INDEX event_photos_event_bid ON event_photos (event_id, bid_number);
CREATE INDEX event_photos_event_bid_lc ON event_photos (event_id, lower(bid_number), id);
CREATE INDEX event_photos_event_orientation ON event_photos (event_id, orientation, id);
CREATE INDEX participant_videos_campaign_name_lc ON participant_videos (campaign_id, status, lower(name), id);
CREATE INDEX conference_users_campaign ON conference_users (campaign_id, id);
`;

// server/db/migrations/007-list-search.ts
var COUNTS = `CREATE TABLE event_photo_counts (event_id INTEGER PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE, n BIGINT NOT NULL);
INSERT INTO event_photo_counts (event_id, n) SELECT event_id, COUNT(*) FROM event_photos GROUP BY event_id;`;
var sqlite = `
CREATE VIRTUAL TABLE users_fts USING fts5(name, email, content='users', content_rowid='id', tokenize='trigram');
INSERT INTO users_fts (users_fts) VALUES ('rebuild');
CREATE TRIGGER users_fts_ai AFTER INSERT ON users BEGIN INSERT INTO users_fts (rowid, name, email) VALUES (new.id, new.name, new.email); END;
CREATE TRIGGER users_fts_ad AFTER DELETE ON users BEGIN INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', old.id, old.name, old.email); END;
CREATE TRIGGER users_fts_au AFTER UPDATE OF name, email ON users BEGIN INSERT INTO users_fts (users_fts, rowid, name, email) VALUES ('delete', old.id, old.name, old.email); INSERT INTO users_fts (rowid, name, email) VALUES (new.id, new.name, new.email); END;
CREATE VIRTUAL TABLE event_photos_fts USING fts5(bid_number, content='event_photos', content_rowid='id', tokenize='trigram');
INSERT INTO event_photos_fts (event_photos_fts) VALUES ('rebuild');
CREATE TRIGGER event_photos_fts_ai AFTER INSERT ON event_photos BEGIN INSERT INTO event_photos_fts (rowid, bid_number) VALUES (new.id, new.bid_number); END;
CREATE TRIGGER event_photos_fts_ad AFTER DELETE ON event_photos BEGIN INSERT INTO event_photos_fts (event_photos_fts, rowid, bid_number) VALUES ('delete', old.id, old.bid_number); END;
CREATE TRIGGER event_photos_fts_au AFTER UPDATE OF bid_number ON event_photos BEGIN INSERT INTO event_photos_fts (event_photos_fts, rowid, bid_number) VALUES ('delete', old.id, old.bid_number); INSERT INTO event_photos_fts (rowid, bid_number) VALUES (new.id, new.bid_number); END;
${COUNTS}
CREATE TRIGGER event_photo_counts_ai AFTER INSERT ON event_photos BEGIN INSERT INTO event_photo_counts (event_id, n) VALUES (new.event_id, 1) ON CONFLICT (event_id) DO UPDATE SET n = n + 1; END;
CREATE TRIGGER event_photo_counts_ad AFTER DELETE ON event_photos BEGIN UPDATE event_photo_counts SET n = n - 1 WHERE event_id = old.event_id; END;
`;
var trgm = (name, table, expr) => `DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN CREATE INDEX ${name} ON ${table} USING gin (${expr} gin_trgm_ops); END IF; END $$;`;
var postgres = `
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm not available: list search scans'; END $$;
${trgm("users_name_trgm", "users", "lower(name)")}
${trgm("users_email_trgm", "users", "lower(email)")}
${trgm("event_photos_bid_trgm", "event_photos", "lower(bid_number)")}
${COUNTS}
CREATE FUNCTION event_photo_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO event_photo_counts (event_id, n) SELECT event_id, COUNT(*) FROM new_rows GROUP BY event_id ON CONFLICT (event_id) DO UPDATE SET n = event_photo_counts.n + EXCLUDED.n; RETURN NULL; END $$;
CREATE FUNCTION event_photo_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE event_photo_counts c SET n = c.n - d.n FROM (SELECT event_id, COUNT(*) AS n FROM old_rows GROUP BY event_id) d WHERE c.event_id = d.event_id; RETURN NULL; END $$;
CREATE TRIGGER event_photo_counts_i AFTER INSERT ON event_photos REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION event_photo_counts_add();
CREATE TRIGGER event_photo_counts_d AFTER DELETE ON event_photos REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION event_photo_counts_remove();
`;
var list_search_default = { sqlite, postgres };

// server/db/migrations/008-campaign-settings.ts
var campaignSettings = {
  id: "008-campaign-settings",
  sql: [
    "event_type TEXT NOT NULL DEFAULT 'RUNNING'",
    "location TEXT NOT NULL DEFAULT ''",
    "organizer TEXT NOT NULL DEFAULT ''",
    "sponsors TEXT NOT NULL DEFAULT ''",
    "primary_tolerance TEXT NOT NULL DEFAULT '0'",
    "secondary_tolerance TEXT NOT NULL DEFAULT '0'",
    "recognition_tolerance TEXT NOT NULL DEFAULT '0'",
    "payment_slab TEXT NOT NULL DEFAULT ''",
    "date_filtering INTEGER NOT NULL DEFAULT 0",
    "is_bib_number_present INTEGER NOT NULL DEFAULT 0",
    "bib_start_range TEXT NOT NULL DEFAULT ''",
    "bib_end_range TEXT NOT NULL DEFAULT ''",
    "bib_length TEXT NOT NULL DEFAULT ''",
    "bib_number_prefix TEXT NOT NULL DEFAULT ''",
    "bib_number_suffix TEXT NOT NULL DEFAULT ''"
  ].map((col) => `ALTER TABLE campaigns ADD COLUMN ${col};`).join("\n")
};

// server/db/migrations/009-import-jobs.ts
var import_jobs_default = `
CREATE TABLE import_jobs (
  id {{pk}}, kind TEXT NOT NULL, owner_key TEXT NOT NULL, user_id INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued',
  rows_total INTEGER NOT NULL, rows_checked INTEGER NOT NULL DEFAULT 0, rows_written INTEGER NOT NULL DEFAULT 0,
  passwords_total INTEGER NOT NULL DEFAULT 0, passwords_hashed INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '', created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, finished_at BIGINT);
CREATE UNIQUE INDEX import_jobs_one_active ON import_jobs (owner_key) WHERE state IN ('queued', 'running');
CREATE INDEX import_jobs_user ON import_jobs (user_id);
`;

// server/db/migrations/010-user-count.ts
var COUNTS2 = `CREATE TABLE row_counts (name VARCHAR(64) PRIMARY KEY, n BIGINT NOT NULL);
INSERT INTO row_counts (name, n) SELECT 'users', COUNT(*) FROM users;`;
var sqlite2 = `${COUNTS2}
CREATE TRIGGER users_count_ai AFTER INSERT ON users BEGIN UPDATE row_counts SET n = n + 1 WHERE name = 'users'; END;
CREATE TRIGGER users_count_ad AFTER DELETE ON users BEGIN UPDATE row_counts SET n = n - 1 WHERE name = 'users'; END;
`;
var postgres2 = `${COUNTS2}
CREATE FUNCTION users_count_add() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE row_counts SET n = n + (SELECT COUNT(*) FROM new_rows) WHERE name = 'users'; RETURN NULL; END $$;
CREATE FUNCTION users_count_remove() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE row_counts SET n = n - (SELECT COUNT(*) FROM old_rows) WHERE name = 'users'; RETURN NULL; END $$;
CREATE TRIGGER users_count_i AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_add();
CREATE TRIGGER users_count_d AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_count_remove();
`;
var user_count_default = { sqlite: sqlite2, postgres: postgres2 };

// server/db/migrations/011-login-throttle.ts
var login_throttle_default = `CREATE TABLE login_throttle (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at BIGINT NOT NULL, lim INTEGER NOT NULL, granted INTEGER NOT NULL);
CREATE INDEX login_throttle_reset ON login_throttle (reset_at);
`;

// server/db/migrations/012-import-job-leases.ts
var import_job_leases_default = `
ALTER TABLE import_jobs ADD COLUMN lease_token BIGINT NOT NULL DEFAULT 0;
ALTER TABLE import_jobs ADD COLUMN lease_until BIGINT;
`;

// server/db/migrations/017-mail.ts
var mail_default = `
CREATE TABLE outbox (
  id {{pk}}, kind TEXT NOT NULL, to_address TEXT NOT NULL, to_name TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL DEFAULT '', body_text TEXT NOT NULL DEFAULT '', body_html TEXT NOT NULL DEFAULT '',
  ref_id INTEGER, status TEXT NOT NULL DEFAULT 'waiting', attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '', next_at BIGINT NOT NULL, lease_owner TEXT, lease_until BIGINT,
  created_at BIGINT NOT NULL, sent_at BIGINT);
CREATE INDEX outbox_due ON outbox (status, next_at);
CREATE TABLE account_tokens (
  id {{pk}}, user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL, selector TEXT NOT NULL UNIQUE, secret_hash TEXT NOT NULL,
  expires_at BIGINT NOT NULL, used_at BIGINT, created_at BIGINT NOT NULL);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
ALTER TABLE tokens ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN last_used_at BIGINT;
UPDATE email_settings SET smtp_type = CASE lower(trim(smtp_type)) WHEN 'ssl' THEN 'ssl' WHEN 'tls' THEN 'tls' WHEN 'starttls' THEN 'tls' WHEN 'none' THEN 'none' ELSE '' END;
`;

// server/db/migrations/018-user-import-job.ts
var user_import_job_default = `
ALTER TABLE users ADD COLUMN import_job_id INTEGER;
CREATE INDEX users_import_job ON users (import_job_id) WHERE import_job_id IS NOT NULL;
`;

// server/db/migrations/019-activity.ts
var activity_default = `
CREATE TABLE activity (
  id {{pk}}, at BIGINT NOT NULL, at_text TEXT NOT NULL,
  actor_id INTEGER, actor_name TEXT NOT NULL DEFAULT '', actor_role TEXT NOT NULL DEFAULT '', organizer_id INTEGER,
  action TEXT NOT NULL, resource TEXT NOT NULL, resource_id INTEGER, label TEXT NOT NULL DEFAULT '',
  changes TEXT NOT NULL DEFAULT '', ip TEXT NOT NULL DEFAULT '', user_agent TEXT NOT NULL DEFAULT '');
CREATE INDEX activity_actor ON activity (actor_id, id);
CREATE INDEX activity_record ON activity (resource, resource_id, id);
CREATE INDEX activity_organizer ON activity (organizer_id, id);
CREATE INDEX activity_action ON activity (action, id);
CREATE INDEX activity_at ON activity (at);
INSERT INTO permissions (name) SELECT 'View activity' WHERE NOT EXISTS (SELECT 1 FROM permissions WHERE lower(name) = 'view activity');
INSERT INTO admin_menus (title, url, status) SELECT 'Activity', '/admin/activity', 1 WHERE EXISTS (SELECT 1 FROM roles WHERE name = 'admin') AND NOT EXISTS (SELECT 1 FROM admin_menus WHERE url = '/admin/activity');
INSERT INTO admin_menu_roles (menu_id, role_id) SELECT m.id, r.id FROM admin_menus m, roles r WHERE m.url = '/admin/activity' AND r.name = 'admin' AND NOT EXISTS (SELECT 1 FROM admin_menu_roles x WHERE x.menu_id = m.id AND x.role_id = r.id);
`;

// server/db/migrations/017-link-throttle.ts
var link_throttle_default = `CREATE TABLE link_throttle (key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX link_throttle_key ON link_throttle (key, at);
`;

// server/db/migrations/020-activity-search.ts
var INDEXES = `DROP INDEX activity_at;
CREATE INDEX activity_at_id ON activity (at, id);
DROP INDEX activity_actor;
CREATE INDEX activity_actor_at ON activity (actor_id, at, id);
DROP INDEX activity_organizer;
CREATE INDEX activity_organizer_at ON activity (organizer_id, at, id);
CREATE INDEX activity_organizer_action ON activity (organizer_id, action, at, id);
DROP INDEX activity_action;
CREATE INDEX activity_action_at ON activity (action, at, id);
`;
var sqlite3 = `
CREATE VIRTUAL TABLE activity_fts USING fts5(label, content='activity', content_rowid='id', tokenize='trigram');
INSERT INTO activity_fts (activity_fts) VALUES ('rebuild');
CREATE TRIGGER activity_fts_ai AFTER INSERT ON activity BEGIN INSERT INTO activity_fts (rowid, label) VALUES (new.id, new.label); END;
CREATE TRIGGER activity_fts_ad AFTER DELETE ON activity BEGIN INSERT INTO activity_fts (activity_fts, rowid, label) VALUES ('delete', old.id, old.label); END;
${INDEXES}`;
var postgres3 = `
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm not available: activity search scans'; END $$;
DO $$ BEGIN IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN CREATE INDEX activity_label_trgm ON activity USING gin (lower(label) gin_trgm_ops); END IF; END $$;
${INDEXES}`;
var activity_search_default = { sqlite: sqlite3, postgres: postgres3 };

// server/db/migrations/013-storage-quota.ts
var KEY = "substr(logo, 10)";
var storage_quota_default = `
ALTER TABLE companies ADD COLUMN storage_quota_mb INTEGER NOT NULL DEFAULT 2048;
ALTER TABLE events ADD COLUMN logo_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaigns ADD COLUMN logo_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE templates ADD COLUMN image_bytes INTEGER NOT NULL DEFAULT 0;
UPDATE events SET logo_bytes = COALESCE((SELECT f.size FROM stored_files f WHERE f.key = ${KEY}), 0) WHERE logo LIKE '/uploads/%';
UPDATE campaigns SET logo_bytes = COALESCE((SELECT f.size FROM stored_files f WHERE f.key = ${KEY}), 0) WHERE logo LIKE '/uploads/%';
UPDATE templates SET image_bytes = COALESCE((SELECT f.size FROM stored_files f WHERE f.key = substr(path, 10)), 0) WHERE path LIKE '/uploads/%';
CREATE INDEX recognition_events_company ON recognition_events (company_id);
`;

// server/db/migrations/021-import-undo.ts
var import_undo_default = `
ALTER TABLE event_photos ADD COLUMN import_job_id INTEGER;
ALTER TABLE event_photos ADD COLUMN changed_job_id INTEGER;
CREATE INDEX event_photos_import_job ON event_photos (import_job_id) WHERE import_job_id IS NOT NULL;
CREATE INDEX event_photos_changed_job ON event_photos (changed_job_id) WHERE changed_job_id IS NOT NULL;
ALTER TABLE import_jobs ADD COLUMN undone_at BIGINT;
`;

// server/db/migrations/014-participant-payments.ts
var participant_payments_default = `
CREATE TABLE recognition_participant_payments (
  id {{pk}}, event_id INTEGER NOT NULL REFERENCES recognition_events(id) ON DELETE CASCADE,
  payload TEXT NOT NULL, created_at BIGINT NOT NULL);
CREATE INDEX recognition_participant_payments_event ON recognition_participant_payments (event_id, id);
`;

// server/db/migrations/index.ts
var migrations = [
  { id: "001-core", sql: core_default },
  stableIds,
  { id: "003-abilities", sql: abilities_default },
  { id: "004-stored-files", sql: stored_files_default },
  { id: "005-lookup-indexes", sql: lookup_indexes_default },
  { id: "006-list-indexes", sql: list_indexes_default },
  { id: "007-list-search", sql: list_search_default },
  campaignSettings,
  { id: "009-import-jobs", sql: import_jobs_default },
  { id: "010-user-count", sql: user_count_default },
  { id: "011-login-throttle", sql: login_throttle_default },
  { id: "017-mail", sql: mail_default },
  { id: "018-user-import-job", sql: user_import_job_default },
  { id: "019-activity", sql: activity_default },
  { id: "017-link-throttle", sql: link_throttle_default },
  { id: "012-import-job-leases", sql: import_job_leases_default },
  { id: "020-activity-search", sql: activity_search_default },
  { id: "013-storage-quota", sql: storage_quota_default },
  { id: "021-import-undo", sql: import_undo_default },
  { id: "014-participant-payments", sql: participant_payments_default }
];

// server/db/migrate.ts
var PK = { sqlite: "INTEGER PRIMARY KEY AUTOINCREMENT", postgres: "SERIAL PRIMARY KEY" };
var BLOB = { sqlite: "BLOB", postgres: "BYTEA" };
var MIGRATE_LOCK = 61000001;
async function migrate(sql, list = migrations) {
  if (await upToDate(sql, list)) return [];
  if (sql.engine === "postgres") {
    return sql.transaction(async (tx) => {
      await tx.get(`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK})`);
      return apply(tx, list);
    });
  }
  return apply(sql, list);
}
async function upToDate(sql, list) {
  try {
    const done = await appliedMigrations(sql);
    return list.every((m) => done.has(m.id));
  } catch {
    return false;
  }
}
async function apply(sql, list) {
  await sql.run("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)");
  const done = new Set((await sql.all("SELECT id FROM schema_migrations")).map((r) => r.id));
  const applied = [];
  for (const m of list) {
    if (done.has(m.id)) continue;
    const fkOff = m.foreignKeysOff && sql.engine === "sqlite";
    if (fkOff) await sql.run("PRAGMA foreign_keys = OFF");
    try {
      await sql.transaction(async (tx) => {
        const text3 = typeof m.sql === "string" ? m.sql : m.sql[sql.engine];
        const statements = text3.replaceAll("{{pk}}", PK[sql.engine]).replaceAll("{{blob}}", BLOB[sql.engine]).split(/;\s*$/m).map((s) => s.trim()).filter(Boolean);
        for (const s of statements) await tx.run(s);
        await m.run?.(tx);
        await tx.run("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)", [m.id, Date.now()]);
      });
    } finally {
      if (fkOff) await sql.run("PRAGMA foreign_keys = ON");
    }
    applied.push(m.id);
  }
  return applied;
}
var appliedMigrations = async (sql) => new Set((await sql.all("SELECT id FROM schema_migrations")).map((r) => r.id));
var pingDatabase = async (sql) => {
  await sql.get("SELECT 1 AS one");
};

// server/db/index.ts
async function openDatabase(dataDir, databaseUrl) {
  mkdirSync(dataDir, { recursive: true });
  let sql;
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//i.test(databaseUrl)) throw new Error("DATABASE_URL must be a postgres:// URL (or unset for SQLite).");
    sql = openPostgres(databaseUrl);
  } else sql = openSqlite(path.join(dataDir, "app.db"));
  try {
    await migrate(sql);
  } catch (err) {
    await sql.close();
    throw err;
  }
  return sql;
}

// server/app.ts
import { Hono as Hono26 } from "hono";
import { bodyLimit as bodyLimit3 } from "hono/body-limit";
import { existsSync as existsSync2 } from "node:fs";
import path4 from "node:path";

// server/http-error.ts
var ApiError = class extends Error {
  constructor(status, message, errors, data) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.data = data;
  }
};
var validationError = (errors) => new ApiError(422, Object.values(errors)[0]?.[0] ?? "The given data was invalid.", errors);
var notFound = (what = "Record") => new ApiError(404, `${what} not found.`);
var forbidden = (message = "Forbidden.") => new ApiError(403, message);

// server/lib/files/file-store.ts
var FILE_KEY = /^[a-z0-9-]+\/[\w-]+\.(?:png|jpg|webp)$/;
var contentTypeOf = (key) => key.endsWith(".png") ? "image/png" : key.endsWith(".webp") ? "image/webp" : "image/jpeg";
function keyOfUrl(url) {
  const key = url.startsWith("/uploads/") ? url.slice("/uploads/".length) : "";
  return FILE_KEY.test(key) ? key : null;
}
var StoreUnavailable = class extends Error {
  constructor(code, cause) {
    super(`file store cannot be written: ${code}`);
    this.code = code;
    this.cause = cause;
    this.name = "StoreUnavailable";
  }
};
var UNWRITABLE = /* @__PURE__ */ new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);
function storeFailure(err) {
  const code = String(err?.code ?? "");
  return UNWRITABLE.has(code) ? new StoreUnavailable(code, err) : err;
}

// server/lib/http/error-envelope.ts
var STATUS_WORD = {
  401: "error",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  413: "too_large",
  419: "xsrf_mismatch",
  422: "validation_error",
  429: "throttled"
};
var statusWord = (code) => STATUS_WORD[code] ?? (code >= 500 ? "server_error" : "failed");
var RETRY_AFTER_S = 5;
function errorEnvelope(c, code, message, errors, data = null) {
  if (code === 503) c.header("Retry-After", String(RETRY_AFTER_S));
  return c.json({ status: statusWord(code), message, data, ...errors ? { errors } : {} }, code);
}
var INVALID = "The given data was invalid.";
var UNAVAILABLE = "The database cannot be written right now. Nothing was saved.";
var UNREACHABLE_WRITE = "The database is not available right now. Nothing was saved; please try again in a moment.";
var UNREACHABLE_READ = "The database is not available right now. Please try again in a moment.";
var STORE_UNAVAILABLE = "Files cannot be stored right now. Nothing was saved; please try again later.";
function errorResponse(c, err) {
  if (err instanceof ApiError) return errorEnvelope(c, err.status, err.message, err.errors, err.data ?? null);
  if (err instanceof DbRefusal) return err.kind === "forbidden" ? errorEnvelope(c, 403, err.message) : errorEnvelope(c, 422, err.message, err.errors);
  if (err instanceof DbError) {
    if (err.kind === "unique") {
      const field = err.column ?? "value";
      const message = `The ${field.replaceAll("_", " ")} has already been taken.`;
      return errorEnvelope(c, 422, message, { [field]: [message] });
    }
    if (err.kind === "invalid") return errorEnvelope(c, 422, INVALID, { data: [INVALID] });
    log.error({ err: err.cause ?? err, req_id: c.get("requestId"), method: c.req.method, path: c.req.path }, err.kind === "unreachable" ? "database unreachable" : "database unavailable");
    if (err.kind === "unreachable") return errorEnvelope(c, 503, c.req.method === "GET" || c.req.method === "HEAD" ? UNREACHABLE_READ : UNREACHABLE_WRITE);
    return errorEnvelope(c, 503, UNAVAILABLE);
  }
  if (err instanceof StoreUnavailable) {
    log.error({ err: err.cause ?? err, req_id: c.get("requestId"), method: c.req.method, path: c.req.path }, "file store unavailable");
    return errorEnvelope(c, 503, STORE_UNAVAILABLE);
  }
  log.error({ err, req_id: c.get("requestId"), method: c.req.method, path: c.req.path }, "unexpected error");
  return errorEnvelope(c, 500, "Something went wrong.");
}

// server/middleware/security.ts
import { setCookie } from "hono/cookie";
import { secureHeaders } from "hono/secure-headers";
import { createHash as createHash2, randomBytes, timingSafeEqual } from "node:crypto";

// server/lib/http/text.ts
function hasBadText(v, depth = 0) {
  if (typeof v === "string") return /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v);
  if (depth > 20 || !v || typeof v !== "object" || v instanceof Blob) return false;
  return Object.entries(v).some(([k, x]) => hasBadText(k) || hasBadText(x, depth + 1));
}

// server/middleware/security.ts
var HSTS = "max-age=31536000; includeSubDomains";
var securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    mediaSrc: ["'self'", "blob:", "https:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: ["https://www.youtube.com", "https://www.youtube-nocookie.com"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"]
  },
  xContentTypeOptions: "nosniff",
  xFrameOptions: "DENY",
  referrerPolicy: "same-origin",
  crossOriginOpenerPolicy: "same-origin",
  strictTransportSecurity: HSTS,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false
});
function setOnResponse(c, pairs) {
  try {
    const headers = c.res.headers;
    for (const [k, v] of pairs) headers.set(k, v);
  } catch {
    for (const [k, v] of pairs) c.header(k, v);
  }
}
var SAFE = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
var TOKEN = /^[A-Za-z0-9._~-]{1,256}$/;
var digest = (s) => createHash2("sha256").update(s, "utf8").digest();
var same = (a, b) => timingSafeEqual(digest(a), digest(b));
var mismatch = () => new ApiError(419, "CSRF token mismatch.");
var malformed = () => new ApiError(403, "The XSRF token is malformed.");
var decodeOrNull = (s) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};
function rawCookie(c) {
  const header2 = c.req.header("cookie") ?? "";
  if (!header2.includes("XSRF-TOKEN")) return "";
  for (const part of header2.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === "XSRF-TOKEN") return part.slice(i + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return "";
}
var xsrf = (opts) => async (c, next) => {
  const raw = rawCookie(c);
  const cookie = raw ? decodeOrNull(raw) : "";
  const cookieOk = cookie !== null && TOKEN.test(cookie);
  if (!cookieOk) setCookie(c, "XSRF-TOKEN", randomBytes(20).toString("base64url"), { path: "/", sameSite: "Lax" });
  if (opts.check && !SAFE.has(c.req.method)) {
    const rawHeader = c.req.header("x-xsrf-token") ?? "";
    const header2 = decodeOrNull(rawHeader);
    if (raw && !cookieOk) throw malformed();
    if (rawHeader && (header2 === null || !TOKEN.test(header2))) throw malformed();
    if (!cookie || !header2 || !same(cookie, header2)) throw mismatch();
  }
  await next();
};
var decode = (s) => {
  try {
    return decodeURIComponent(s.replaceAll("+", " "));
  } catch {
    return null;
  }
};
var saneUrl = async (c, next) => {
  const url = c.req.url;
  const q = url.indexOf("?");
  const rawPath = new URL(url).pathname;
  const p = decode(rawPath);
  if (p === null || hasBadText(p)) throw notFound("Page");
  if (q >= 0) {
    for (const part of url.slice(q + 1).split("&")) {
      const [k, v = ""] = part.split("=", 2);
      const key = decode(k), value = decode(v);
      if (key === null || value === null || hasBadText(key) || hasBadText(value)) {
        const name = key && !hasBadText(key) ? key.slice(0, 60) : "query";
        throw validationError({ [name]: [`The ${name} contains characters that are not allowed.`] });
      }
    }
  }
  await next();
};
var finishBody = (max) => withBody(async (c, next) => {
  await next();
  const body = c.req.raw.body;
  if (!body || c.req.raw.bodyUsed || Number(c.req.header("content-length") ?? 0) > max) return;
  try {
    const reader = body.getReader();
    for (let seen = 0; seen <= max; ) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
    }
    await reader.cancel();
  } catch {
  }
});
var withBody = (mw) => (c, next) => c.req.method === "GET" || c.req.method === "HEAD" ? next() : mw(c, next);
var NO_STORE = [["Cache-Control", "no-store"]];
var noStore = async (c, next) => {
  await next();
  setOnResponse(c, NO_STORE);
};
var noSourceMaps = async (c, next) => {
  if (/\.map$/i.test(c.req.path)) throw new ApiError(404, "Not found.");
  await next();
};

// server/routes/index.ts
import { Hono as Hono24 } from "hono";

// server/routes/auth.ts
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";

// server/lib/http/multipart-parse.ts
var MULTIPART_IN_WORKER = 256 * 1024;

// server/lib/spreadsheets/spreadsheet-runner.ts
import { Worker as Worker2 } from "node:worker_threads";

// server/lib/jobs/bounded-slots.ts
function boundedSlots(slots3, maxWaiting, refuse) {
  let running2 = 0;
  const queue = [];
  return {
    async run(work, alwaysWait = false) {
      if (running2 >= slots3) {
        if (queue.length >= maxWaiting && !alwaysWait) throw refuse();
        await new Promise((resolve) => queue.push(resolve));
      } else running2++;
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else running2--;
      }
    },
    get running() {
      return running2;
    },
    get waiting() {
      return queue.length;
    }
  };
}

// server/lib/spreadsheets/spreadsheet-runner.ts
var MAX_PARSERS = 2;
var MAX_WAITING_PARSES = 8;
var PARSERS_BUSY = "The server is busy. Please try again in a moment.";
var PARSER_HEAP_MB = 512;
var PARSER_TIMEOUT_MS = 6e4;
var BUNDLED = import.meta.url.endsWith(".mjs");
var ENTRY = new URL(`./spreadsheet-worker.${BUNDLED ? "mjs" : "ts"}`, import.meta.url);
var BOOT = `
  const { workerData } = await import('node:worker_threads');
  const { register } = await import('tsx/esm/api');
  register();
  await import(workerData.entry);
`;
var idle = [];
var slots = boundedSlots(MAX_PARSERS, MAX_WAITING_PARSES, () => new ApiError(503, PARSERS_BUSY));
var withParserSlot = (work) => slots.run(work);
var parseInWorker = (job) => inWorker(job, job.bytes, (message) => ({ ok: false, message }));
var parseMultipartInWorker = (bytes, contentType) => inWorker({ op: "multipart", bytes, contentType }, bytes, () => ({ ok: false }));
var inWorker = (job, bytes, failed) => withParserSlot(async () => {
  const worker = idle.pop() ?? spawn();
  worker.ref();
  const { result, healthy } = await runOn(worker, job, bytes, failed);
  if (healthy) {
    worker.unref();
    idle.push(worker);
  } else void worker.terminate();
  return result;
});
function spawn() {
  const resourceLimits = { maxOldGenerationSizeMb: PARSER_HEAP_MB };
  return BUNDLED ? new Worker2(ENTRY, { resourceLimits }) : new Worker2(BOOT, { eval: true, workerData: { entry: ENTRY.href }, resourceLimits });
}
function runOn(worker, job, bytes, failed) {
  return new Promise((resolve) => {
    const finish = (result, healthy) => {
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      resolve({ result, healthy });
    };
    const onMessage = (result) => finish(result, true);
    const onError = (err) => {
      const oom = err.code === "ERR_WORKER_OUT_OF_MEMORY";
      if (!oom) log.error({ err }, "spreadsheet worker failed");
      finish(failed(oom ? "The file is too large to read." : "The file could not be read."), false);
    };
    const onExit = () => finish(failed("The file could not be read."), false);
    const timer = setTimeout(() => finish(failed("The file took too long to read."), false), PARSER_TIMEOUT_MS);
    worker.on("message", onMessage).once("error", onError).once("exit", onExit);
    const buffer = bytes.buffer;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
    worker.postMessage(job, whole ? [buffer] : []);
  });
}

// server/lib/http/envelope.ts
var ok = (c, data = null, message = "") => c.json({ status: "success", message, data });
var unreadable = () => validationError({ body: ["The request body could not be read."] });
async function readBody(c) {
  const type = c.req.header("content-type") ?? "";
  let body = {};
  if (type.includes("application/json")) {
    const text3 = await c.req.text().catch(() => {
      throw unreadable();
    });
    if (text3.trim() !== "") {
      let v;
      try {
        v = JSON.parse(text3);
      } catch {
        throw unreadable();
      }
      if (!v || typeof v !== "object" || Array.isArray(v)) throw unreadable();
      body = v;
    }
  } else if (/multipart\/form-data/i.test(type) && Number(c.req.header("content-length") ?? 0) > MULTIPART_IN_WORKER) {
    const bytes = new Uint8Array(await c.req.arrayBuffer().catch(() => {
      throw unreadable();
    }));
    const r = await parseMultipartInWorker(bytes, type);
    if (!r.ok) throw unreadable();
    for (const [k, v] of r.fields) body[k] = v;
    for (const [k, name, media, buf] of r.files) body[k] = new File([buf], name, { type: media });
  } else if (type.includes("form")) {
    try {
      body = await c.req.parseBody();
    } catch {
      throw unreadable();
    }
  }
  for (const [field, value] of Object.entries(body)) {
    if (hasBadText(value)) throw validationError({ [field]: [`The ${field.replaceAll("_", " ").slice(0, 60)} contains characters that are not allowed.`] });
  }
  c.set("body", body);
  return body;
}
var MAX_ID = 2 ** 31 - 1;
var toId = (v) => {
  if (!v || !/^\d{1,10}$/.test(v)) return NaN;
  const n = Number(v);
  return n >= 1 && n <= MAX_ID ? n : NaN;
};
var pageCountOf = (v, max) => Math.min(max, Math.max(1, toId(v ?? "") || max));
var pageOf = (v) => toId(v ?? "") || 1;

// src/common/email.ts
var EMAIL_MAX_LENGTH = 254;
var EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]{2,}$/;
function isEmail(value) {
  const s = String(value ?? "").trim();
  return s.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(s);
}

// src/common/dates.ts
function isIsoDate(value) {
  const s = String(value ?? "");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = /* @__PURE__ */ new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}
var outsideEventDates = (eventStart, eventEnd) => `Campaign dates must be within the event's dates, ${eventStart} to ${eventEnd}.`;
function campaignDatesOutsideEvent(start, end, eventStart, eventEnd) {
  if (!isIsoDate(eventStart) || !isIsoDate(eventEnd)) return {};
  const message = outsideEventDates(eventStart, eventEnd);
  const out = {};
  const outside = (d) => isIsoDate(d) && (d < eventStart || d > eventEnd);
  if (outside(start)) out.start = message;
  if (outside(end)) out.end = message;
  return out;
}

// src/common/password.ts
var PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
var PASSWORD_MESSAGE = "The password must be at least 8 characters long and contain a digit, an upper-case and a lower-case letter.";
var passwordProblem = (password) => PASSWORD_PATTERN.test(password) ? null : PASSWORD_MESSAGE;

// src/common/sheet-rules.ts
var USER_IMPORT_COLUMNS = ["name", "email", "password", "role"];
var PHOTO_COLUMNS = ["bid_number", "low_res_image", "high_res_image", "orientation"];
var SHEET_MAX_BYTES = 10 * 1024 * 1024;
var SHEET_MAX_ROWS = 5e4;
var SHEET_MAX_UNPACKED = 100 * 1024 * 1024;
var MAX_REPORTED_PROBLEMS = 20;
var BID_MAX_LENGTH = 50;
var LINK_MAX_LENGTH = 2048;
var LINK_PATTERN = /^https?:\/\/[^\s/]\S*$/i;
var NOT_A_SPREADSHEET = "The file must be a spreadsheet (.csv or .xlsx).";
var TOO_LARGE = "The file may not be greater than 10 MB.";
var NO_ROWS = "The file has no rows to import.";
var tooManyRows = (max) => `The file may not have more than ${max.toLocaleString("en-US")} rows.`;
var TOO_MANY_ROWS = tooManyRows(SHEET_MAX_ROWS);
var missingColumns = (header2, columns) => columns.filter((c) => !header2.includes(c));
var missingColumnsMessage = (missing2) => `The file is missing the column${missing2.length > 1 ? "s" : ""} ${missing2.join(", ")}.`;
var extraPhotoColumns = (header2) => header2.filter((h) => h !== "" && !PHOTO_COLUMNS.includes(h));
var extraColumnsMessage = (extra) => `The file has columns the template does not have: ${extra.join(", ")}.`;
var moreProblems = (rest) => `\u2026and ${rest} more problem${rest > 1 ? "s" : ""}.`;
var ORGANISER_ROLE = "Organiser users are added and changed from Organizers.";
var emailTakenMessage = (email2) => `The email ${email2} has already been taken.`;
function userRoleProblem(role, roles, assignable) {
  const r = roles.get(role.toLowerCase());
  if (!role) return "The role field is required.";
  if (!r) return `The role "${role}" does not exist.`;
  if (r.name === "company") return ORGANISER_ROLE;
  if (!assignable.includes(r.id)) return `You may not add users with the role ${r.name}.`;
  return null;
}
function photoRowProblem(v) {
  const p = [];
  if (!v.bid_number) p.push("bid_number is empty");
  else if (v.bid_number.length > BID_MAX_LENGTH) p.push(`bid_number is longer than ${BID_MAX_LENGTH} characters`);
  for (const col of ["low_res_image", "high_res_image"]) {
    if (!v[col]) p.push(`${col} is empty`);
    else if (v[col].length > LINK_MAX_LENGTH || !LINK_PATTERN.test(v[col])) p.push(`${col} is not an http(s) link`);
  }
  const orientation = v.orientation.toLowerCase();
  if (orientation !== "portrait" && orientation !== "landscape") p.push("orientation must be portrait or landscape");
  return p.length ? `${p.join("; ")}.` : null;
}

// src/common/contract/rules.ts
var PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
var shown = (cell) => cell.length > EMAIL_MAX_LENGTH ? `${cell.slice(0, 40)}\u2026` : cell;
function userRowProblems(row, v, ctx) {
  const problems = [];
  if (!v.name) problems.push("The name field is required.");
  else if (v.name.length > 255) problems.push("The name may not be greater than 255 characters.");
  const key = v.email.toLowerCase();
  if (!v.email) problems.push("The email field is required.");
  else if (!isEmail(v.email)) problems.push(`The email "${shown(v.email)}" is not a valid email address.`);
  else if (ctx.firstRowOf.has(key)) problems.push(`The email ${v.email} is already used in row ${ctx.firstRowOf.get(key)}.`);
  else if (ctx.stored?.has(key)) problems.push(emailTakenMessage(v.email));
  if (v.email && !ctx.firstRowOf.has(key)) ctx.firstRowOf.set(key, row);
  if (v.password && passwordProblem(v.password)) problems.push(passwordProblem(v.password));
  const roleProblem = ctx.roles ? userRoleProblem(v.role, ctx.roles.roles, ctx.roles.assignable) : v.role ? null : "The role field is required.";
  if (roleProblem) problems.push(roleProblem);
  return problems;
}
function parseIdList(s) {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) && v.length <= 1e4 && v.every((n) => Number.isInteger(Number(n)) && Number(n) > 0 && Number(n) < 2 ** 31) ? [...new Set(v.map(Number))] : null;
  } catch {
    return null;
  }
}
var isIdList = (s) => parseIdList(s) !== null;

// server/lib/http/validate.ts
var text = (v) => typeof v === "string" ? v : v == null ? "" : String(v);
var label = (field) => field.replaceAll("_", " ");
var required = (v, l) => text(v).trim() === "" ? `The ${l} field is required.` : null;
var email = (v, l) => text(v) !== "" && !isEmail(text(v)) ? `The ${l} must be a valid email address.` : null;
var maxLength = (n) => (v, l) => text(v).length > n ? `The ${l} may not be greater than ${n} characters.` : null;
var minLength = (n) => (v, l) => text(v) !== "" && text(v).length < n ? `The ${l} must be at least ${n} characters.` : null;
var oneOf = (...allowed) => (v, l) => text(v) !== "" && !allowed.map(String).includes(text(v)) ? `The selected ${l} is invalid.` : null;
var integer = (v, l) => text(v) !== "" && !/^-?\d+$/.test(text(v).trim()) ? `The ${l} must be an integer.` : null;
var recordId = (v, l) => {
  const s = text(v).trim();
  if (s === "") return null;
  if (!/^-?\d+$/.test(s)) return `The ${l} must be an integer.`;
  return /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= 2 ** 31 - 1 ? null : `The selected ${l} is invalid.`;
};
var numeric = (v, l) => text(v) !== "" && !Number.isFinite(Number(text(v))) ? `The ${l} must be a number.` : null;
var date = (v, l) => text(v) === "" || isIsoDate(text(v)) ? null : `The ${l} is not a valid date.`;
var notText = (l) => `The ${l} must be a string.`;
var STRUCTURED = /* @__PURE__ */ new WeakSet();
function structured(rule2) {
  STRUCTURED.add(rule2);
  return rule2;
}
function validate(body, schema, labels = {}) {
  const errors = {};
  for (const [field, rules2] of Object.entries(schema)) {
    const v = body[field];
    if (v !== null && typeof v === "object" && !(v instanceof Blob) && !rules2.some((r) => STRUCTURED.has(r))) {
      errors[field] = [notText(labels[field] ?? label(field))];
      continue;
    }
    for (const rule2 of rules2) {
      const msg = rule2(body[field], labels[field] ?? label(field));
      if (msg) {
        errors[field] = [msg];
        break;
      }
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}
function requiredId(value, field) {
  validate({ [field]: value ?? "" }, { [field]: [required, recordId] });
  return Number(value);
}
var str = (body, field) => typeof body[field] === "string" ? body[field] : "";
function parseBody(schema, body, labels = {}) {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const errors = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? "body");
    if (errors[field]) continue;
    errors[field] = [messageOf(issue, labels[field] ?? label(field), body[field])];
  }
  throw validationError(errors);
}
function messageOf(issue, l, value) {
  const params2 = issue.params;
  switch (issue.code) {
    case "invalid_type":
    case "invalid_union":
      if (value === void 0 || value === null) return `The ${l} field is required.`;
      if ("expected" in issue && (issue.expected === "number" || issue.expected === "int")) return `The ${l} must be a number.`;
      return notText(l);
    case "too_big":
      return `The ${l} may not be greater than ${issue.maximum} characters.`;
    case "too_small":
      return `The ${l} field is required.`;
    case "custom":
      if (params2?.rule === "required") return `The ${l} field is required.`;
      if (params2?.rule === "idList") return `The ${l} must be a JSON list of ids.`;
      return `The selected ${l} is invalid.`;
    default:
      return `The selected ${l} is invalid.`;
  }
}

// server/lib/auth/passwords.ts
import { randomBytes as randomBytes2, scrypt as scryptCb, timingSafeEqual as timingSafeEqual2, createHash as createHash3 } from "node:crypto";
import { promisify } from "node:util";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

// server/lib/auth/hash-slots.ts
var SLOTS = 2;
var MAX_WAITING = 256;
var slots2 = boundedSlots(SLOTS, MAX_WAITING, () => new ApiError(429, "The server is busy. Please try again in a moment."));
var withHashSlot = (work, background = false) => slots2.run(work, background);

// server/lib/auth/passwords.ts
var scrypt = promisify(scryptCb);
var SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
var ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 };
var CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;
async function hashPassword(password, background = false) {
  return withHashSlot(() => argon2Hash(password, ARGON2), background);
}
var passwordChecks = { count: 0 };
async function verifyPassword(password, stored) {
  if (stored.startsWith("$argon2id$")) {
    passwordChecks.count++;
    return withHashSlot(() => argon2Verify(stored, password).catch(() => false));
  }
  const [kind, saltHex, hashHex] = stored.split("$");
  if (kind !== "scrypt" || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, "hex");
  passwordChecks.count++;
  const actual = await withHashSlot(() => scrypt(password, Buffer.from(saltHex, "hex"), expected.length, SCRYPT));
  return timingSafeEqual2(actual, expected);
}
var needsRehash = (stored) => !stored.startsWith(CURRENT_PREFIX);
var newToken = () => randomBytes2(32).toString("base64url");
var sha256 = (s) => createHash3("sha256").update(s).digest("hex");
var randomPassword = () => randomBytes2(14).toString("base64url").slice(0, 18);
async function hashForImport(passwords, onHashed) {
  const out = new Array(passwords.length);
  let next = 0;
  const lane = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i], true);
      onHashed();
    }
  };
  await Promise.all(Array.from({ length: Math.min(SLOTS, passwords.length) }, lane));
  return out;
}

// server/db/clock.ts
var dbNow = (sql) => sql.engine === "sqlite" ? "CAST(unixepoch('subsec') * 1000 AS INTEGER)" : "CAST(EXTRACT(EPOCH FROM statement_timestamp()) * 1000 AS BIGINT)";

// src/common/abilities.ts
var RESOURCES = [
  ["permissions", "permissions", ["view", "create", "edit", "delete"]],
  ["roles", "roles", ["view", "create", "edit", "delete"]],
  ["users", "users", ["view", "create", "edit", "delete", "import"]],
  ["pages", "pages", ["view", "create", "edit", "delete"]],
  ["menus", "menus", ["view", "create", "edit", "delete"]],
  ["settings", "settings", ["view", "edit"]],
  ["organisers", "organizers", ["view", "create", "edit", "delete"]],
  ["videos", "videos", ["moderate"]],
  ["activity", "activity", ["view"]]
];
var title = (s) => s[0].toUpperCase() + s.slice(1);
var ABILITIES = RESOURCES.flatMap(([key, label2, verbs]) => verbs.map((v) => ({ key: `${key}.${v}`, name: `${title(v)} ${label2}` })));
var ABILITY_KEYS = ABILITIES.map((a) => a.key);
var BY_NAME = new Map(ABILITIES.map((a) => [a.name.toLowerCase(), a.key]));
var abilityOfPermission = (name) => BY_NAME.get(name.trim().toLowerCase());
var isCatalogueName = (name) => BY_NAME.has(name.trim().toLowerCase());
var BUILT_IN_ROLES = ["admin", "company"];
var isBuiltInRole = (name) => BUILT_IN_ROLES.includes(name);
var mayGrantPermission = (holder, permissionName) => holder.isAdmin || holder.abilities.has(abilityOfPermission(permissionName) ?? "");

// server/db/queries/auth.ts
var findUserByEmail = (sql, email2) => sql.get("SELECT id, name, email, image, company_id, password_hash FROM users WHERE lower(email) = lower(?)", [email2]);
var upgradePasswordHash = (sql, userId, previous, next) => sql.run("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?", [next, userId, previous]);
async function loadAuthUser(sql, userId) {
  const u = await sql.get(
    `SELECT u.id, u.name, u.email, u.image, u.company_id, c.status AS company_status FROM users u
     LEFT JOIN companies c ON c.id = u.company_id WHERE u.id = ?`,
    [userId]
  );
  if (!u) return void 0;
  const roles = await sql.all(
    "SELECT r.id, r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id",
    [userId]
  );
  return completeAuthUser(sql, u, roles);
}
async function completeAuthUser(sql, u, roles) {
  const isAdmin = roles.some((r) => r.name === "admin");
  const isCompany = roles.some((r) => r.name === "company");
  let assignable;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image,
    companyId: u.company_id,
    roles,
    isAdmin,
    isCompany,
    abilities: isAdmin ? new Set(ABILITY_KEYS) : isCompany ? /* @__PURE__ */ new Set() : await abilitiesOf(sql, u.id),
    assignable: () => assignable ??= isCompany ? Promise.resolve([]) : assignableRoles(sql, isAdmin, roles.map((r) => r.id)),
    companyActive: u.company_id === null || Number(u.company_status) === 1
  };
}
async function assignableRoles(sql, isAdmin, roleIds) {
  if (isAdmin) return (await sql.all("SELECT id FROM roles WHERE name <> 'company' ORDER BY id")).map((r) => r.id);
  if (!roleIds.length) return [];
  return (await sql.all(
    `SELECT DISTINCT r.id FROM role_access ra JOIN roles r ON r.id = ra.access_role_id
     WHERE ra.role_id IN (${roleIds.map(() => "?").join(",")}) AND r.name NOT IN ('company', 'admin') ORDER BY r.id`,
    roleIds
  )).map((r) => r.id);
}
async function abilitiesOf(sql, userId) {
  const names2 = await sql.all(
    `SELECT DISTINCT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id
     JOIN user_roles ur ON ur.role_id = rp.role_id WHERE ur.user_id = ?`,
    [userId]
  );
  return new Set(names2.map((n) => abilityOfPermission(n.name)).filter((k) => !!k));
}
var insertToken = (sql, userId, hash, ttlMs) => sql.run(`INSERT INTO tokens (user_id, token_hash, expires_at, created_at) VALUES (?, ?, ${dbNow(sql)} + ?, ?)`, [userId, hash, ttlMs, Date.now()]);
var revokeOtherTokens = (sql, userId, keepHash = "") => sql.run("UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL", [Date.now(), userId, keepHash]);
async function tokenAuthUser(sql, hash) {
  const rows = await sql.all(
    `SELECT u.id, u.name, u.email, u.image, u.company_id, c.status AS company_status, r.id AS role_id, r.name AS role_name
     FROM tokens t JOIN users u ON u.id = t.user_id LEFT JOIN companies c ON c.id = u.company_id
     LEFT JOIN user_roles ur ON ur.user_id = u.id LEFT JOIN roles r ON r.id = ur.role_id
     WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ${dbNow(sql)} ORDER BY r.id`,
    [hash]
  );
  if (!rows.length) return void 0;
  const roles = rows.filter((r) => r.role_id !== null).map((r) => ({ id: r.role_id, name: r.role_name }));
  return completeAuthUser(sql, rows[0], roles);
}
var revokeToken = (sql, hash) => sql.run("UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL", [Date.now(), hash]);
function liveMenus(sql, roleIds) {
  if (!roleIds.length) return Promise.resolve([]);
  return sql.all(
    `SELECT DISTINCT m.id, m.title, m.url, m.status FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id
     WHERE m.status = 1 AND mr.role_id IN (${roleIds.map(() => "?").join(",")}) ORDER BY m.id`,
    roleIds
  );
}

// src/common/screens.ts
var SCREENS = [
  { key: "", name: "Dashboard" },
  { key: "permissions", name: "Permissions" },
  { key: "roles", name: "Roles" },
  { key: "users", name: "Users" },
  { key: "pages", name: "Pages" },
  { key: "adminmenus", name: "Menus" },
  { key: "settings", name: "Settings" },
  { key: "organizers", name: "Organizers" },
  { key: "activity", name: "Activity" }
];
function screenOf(urlOrRoute) {
  const path6 = urlOrRoute.trim().replace(/^[a-z]+:\/\/[^/]+/i, "").split(/[?#]/)[0];
  const parts = path6.split("/").filter(Boolean);
  if (parts[0] === "admin") parts.shift();
  return (parts[0] ?? "").toLowerCase();
}

// server/lib/auth/screens.ts
async function allowedScreens(sql, user) {
  if (user.isAdmin) return "all";
  if (user.isCompany) return /* @__PURE__ */ new Set();
  return new Set((await liveMenus(sql, user.roles.map((r) => r.id))).map((m) => screenOf(m.url)));
}
async function mayOpen(sql, user, screen) {
  const allowed = await allowedScreens(sql, user);
  return allowed === "all" || allowed.has(screen);
}

// server/db/queries/sessions.ts
var USER_AGENT_MAX = 400;
var insertSession = (sql, s) => sql.run(
  `INSERT INTO tokens (user_id, token_hash, expires_at, created_at, user_agent, ip, last_used_at) VALUES (?, ?, ${dbNow(sql)} + ?, ?, ?, ?, ?)`,
  [s.userId, s.hash, s.ttlMs, Date.now(), s.userAgent.slice(0, USER_AGENT_MAX), s.ip.slice(0, 100), Date.now()]
);
var touched = /* @__PURE__ */ new Map();
async function touchSession(sql, hash, userAgent, ip, now = Date.now()) {
  if ((touched.get(hash) ?? 0) > now - 6e4) return;
  if (touched.size >= 1e4) touched.clear();
  touched.set(hash, now);
  await sql.run(
    "UPDATE tokens SET last_used_at = ?, user_agent = ?, ip = ? WHERE token_hash = ?",
    [now, userAgent.slice(0, USER_AGENT_MAX), ip.slice(0, 100), hash]
  );
}
var liveSessions = (sql, userId) => sql.all(
  `SELECT id, user_agent, ip, created_at, last_used_at, token_hash FROM tokens
   WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ${dbNow(sql)} ORDER BY COALESCE(last_used_at, created_at) DESC, id DESC`,
  [userId]
);
var revokeSession = (sql, userId, id) => sql.run("UPDATE tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL", [Date.now(), id, userId]);
var revokeSessionsExcept = (sql, userId, keepHash) => sql.run("UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL", [Date.now(), userId, keepHash]);
var setPasswordHash = (sql, userId, hash) => sql.run("UPDATE users SET password_hash = ? WHERE id = ?", [hash, userId]);
var passwordHashOf = async (sql, userId) => (await sql.get("SELECT password_hash FROM users WHERE id = ?", [userId]))?.password_hash;
var setName = (sql, userId, name) => sql.run("UPDATE users SET name = ? WHERE id = ?", [name, userId]);

// server/lib/http/client-address.ts
import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
var KEYWORDS = {
  loopback: [["127.0.0.0", 8, "ipv4"], ["::1", 128, "ipv6"]],
  private: [["10.0.0.0", 8, "ipv4"], ["172.16.0.0", 12, "ipv4"], ["192.168.0.0", 16, "ipv4"], ["fc00::", 7, "ipv6"]]
};
function parseTrustProxy(value) {
  const entries = (value ?? "").split(",").map((e) => e.trim()).filter(Boolean);
  if (!entries.length) return void 0;
  const list = new BlockList();
  for (const entry of entries) {
    const keyword = KEYWORDS[entry.toLowerCase()];
    if (keyword) {
      for (const [net, prefix2, type] of keyword) list.addSubnet(net, prefix2, type);
      continue;
    }
    const [addr, bits, extra] = entry.split("/");
    const family = isIP(addr);
    const prefix = bits === void 0 ? family === 6 ? 128 : 32 : Number(bits);
    if (!family || extra !== void 0 || !/^\d{1,3}$/.test(String(prefix)) || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR range, "loopback" or "private".`);
    }
    list.addSubnet(addr, prefix, family === 6 ? "ipv6" : "ipv4");
  }
  return list;
}
function plainAddress(addr) {
  const a = addr.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1] : a;
}
var trusted = (list, addr) => {
  const family = isIP(addr);
  return family !== 0 && list.check(addr, family === 6 ? "ipv6" : "ipv4");
};
function resolveClient(peer, forwarded, proxies) {
  let client = plainAddress(peer);
  if (!proxies || forwarded === void 0) return client;
  const hops = forwarded.split(",").map(plainAddress).reverse();
  for (const hop of hops) {
    if (!trusted(proxies, client) || !isIP(hop)) break;
    client = hop;
  }
  return client;
}
function clientAddress(c, proxies = c.get("config")?.trustProxy) {
  let peer;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = void 0;
  }
  if (!peer) return "unknown";
  return resolveClient(peer, c.req.header("x-forwarded-for"), proxies);
}
function addressKey(addr) {
  if (isIP(addr) !== 6) return addr;
  const [head, tail] = addr.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail === void 0 ? [] : tail ? tail.split(":") : [];
  const width = (g) => g.reduce((n, x) => n + (x.includes(".") ? 2 : 1), 0);
  const groups = tail === void 0 ? left : [...left, ...Array(8 - width(left) - width(right)).fill("0"), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

// server/middleware/auth.ts
var INACTIVE_ORGANISER = "This organiser account is not active. Please contact the administrator.";
var requireAbility = (...abilities) => async (c, next) => {
  if (!abilities.some((a) => c.var.user.abilities.has(a))) throw forbidden(`You do not have the permission to ${describe(abilities[0])}.`);
  await next();
};
var describe = (key) => key.split(".").reverse().join(" ");
var bearer = (header2) => (header2?.match(/^Bearer\s+(.+)$/i)?.[1] ?? "").trim();
var requireUser = async (c, next) => {
  const token = bearer(c.req.header("authorization"));
  const hash = token ? sha256(token) : "";
  const user = token ? await c.var.sessions.lookup(hash, () => tokenAuthUser(c.var.sql, hash)) : void 0;
  if (!user) throw new ApiError(401, "Unauthenticated.");
  if (!user.companyActive) throw new ApiError(401, INACTIVE_ORGANISER);
  c.set("user", user);
  await touchSession(c.var.sql, hash, c.req.header("user-agent") ?? "", clientAddress(c, c.var.config.trustProxy));
  await next();
};
var requireScreen = (...screens) => async (c, next) => {
  const allowed = await allowedScreens(c.var.sql, c.var.user);
  if (allowed !== "all" && !screens.some((s) => allowed.has(s))) throw forbidden("You are not allowed to do this.");
  await next();
};
async function assertOrganiserAccess(sql, user, companyId) {
  if (user.isCompany) {
    if (user.companyId !== companyId) throw forbidden("This organiser is not yours.");
    return companyId;
  }
  if (user.abilities.has("organisers.view") && await mayOpen(sql, user, "organizers")) return companyId;
  throw forbidden("You are not allowed to do this.");
}

// server/db/queries/throttle.ts
async function takeHits(sql, rules2) {
  const now = dbNow(sql);
  const rows = await sql.all(
    `INSERT INTO login_throttle (key, hits, reset_at, lim, granted) VALUES ${rules2.map(() => `(?, 1, ${now} + ?, ?, 1)`).join(", ")}
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN login_throttle.reset_at <= ${now} THEN 1 WHEN login_throttle.hits < excluded.lim THEN login_throttle.hits + 1 ELSE login_throttle.hits END,
       granted = CASE WHEN login_throttle.reset_at <= ${now} OR login_throttle.hits < excluded.lim THEN 1 ELSE 0 END,
       reset_at = CASE WHEN login_throttle.reset_at <= ${now} OR login_throttle.reset_at > excluded.reset_at THEN excluded.reset_at ELSE login_throttle.reset_at END,
       lim = excluded.lim
     RETURNING key, granted, reset_at - ${now} AS retry_ms`,
    rules2.flatMap((r) => [r.key, r.windowMs, r.limit])
  );
  return rules2.map((r) => {
    const row = rows.find((x) => x.key === r.key);
    return { key: r.key, granted: Number(row.granted) === 1, retryMs: Math.max(0, Number(row.retry_ms)) };
  });
}
var giveBack = (sql, key) => sql.run(`UPDATE login_throttle SET hits = hits - 1 WHERE key = ? AND hits > 0 AND reset_at > ${dbNow(sql)}`, [key]);
var clearKey = (sql, key) => sql.run("DELETE FROM login_throttle WHERE key = ?", [key]);
var sweepEnded = (sql) => sql.run(`DELETE FROM login_throttle WHERE reset_at <= ${dbNow(sql)}`);

// server/lib/auth/sign-in-throttle.ts
var ACCOUNT = { limit: 10, windowMs: 15 * 6e4 };
var ADDRESS = { limit: 20, windowMs: 6e4 };
var SWEEP_EVERY = 200;
var throttledMessage = (seconds) => {
  const [n, unit] = seconds < 60 ? [seconds, "second"] : [Math.ceil(seconds / 60), "minute"];
  return `Too many login attempts. Please try again in ${n} ${unit}${n === 1 ? "" : "s"}.`;
};
async function takeAttempt(sql, email2, address2) {
  const attempt = { accountKey: `acct:${email2.trim().toLowerCase()}`, addressKey: `ip:${addressKey(address2)}` };
  const rules2 = [{ key: attempt.accountKey, ...ACCOUNT }, { key: attempt.addressKey, ...ADDRESS }];
  const hits = await takeHits(sql, rules2);
  if (Math.random() * SWEEP_EVERY < 1) void sweepEnded(sql).catch((err) => log.warn({ err }, "login_throttle sweep failed"));
  const refused = hits.filter((h) => !h.granted);
  if (!refused.length) return attempt;
  await Promise.all(hits.filter((h) => h.granted).map((h) => giveBack(sql, h.key)));
  return { retryAfter: Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1e3))) };
}
async function attemptSucceeded(sql, a) {
  await Promise.all([clearKey(sql, a.accountKey), giveBack(sql, a.addressKey)]);
}

// server/lib/http/public-user.ts
var grants = async (u) => ({ abilities: [...u.abilities].sort(), assignable_roles: await u.assignable() });
var publicUser = async (u) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  image: u.image,
  companyid: u.companyId,
  role: u.roles[0]?.id ?? 0,
  roles: u.roles,
  ...await grants(u)
});

// server/routes/auth.ts
var HOUR = 36e5;
var TTL = { remember: 30 * 24 * HOUR, session: 12 * HOUR };
var LOGIN_MAX_BODY = 64 * 1024;
var PASSWORD_MAX_LENGTH = 4096;
var decoy = hashPassword("decoy-password");
var authRoutes = new Hono().post("/login", bodyLimit({ maxSize: LOGIN_MAX_BODY, onError: (c) => errorEnvelope(c, 413, "The request is too large.") }), async (c) => {
  const body = await readBody(c);
  validate(body, { email: [maxLength(EMAIL_MAX_LENGTH)], password: [maxLength(PASSWORD_MAX_LENGTH)] });
  const sql = c.var.sql;
  const attempt = await takeAttempt(sql, str(body, "email"), clientAddress(c));
  if ("retryAfter" in attempt) {
    c.header("Retry-After", String(attempt.retryAfter));
    return errorEnvelope(c, 429, throttledMessage(attempt.retryAfter));
  }
  validate(body, { email: [required, email], password: [required] });
  const row = await findUserByEmail(sql, str(body, "email"));
  const good = await verifyPassword(str(body, "password"), row?.password_hash || await decoy) && !!row?.password_hash;
  if (!row || !good) throw new ApiError(401, "These credentials do not match our records.");
  if (needsRehash(row.password_hash)) {
    const fresh = await hashPassword(str(body, "password")).catch((e) => {
      if (e instanceof ApiError && e.status === 429) return null;
      throw e;
    });
    if (fresh) await upgradePasswordHash(sql, row.id, row.password_hash, fresh);
  }
  await attemptSucceeded(sql, attempt);
  const user = await loadAuthUser(sql, row.id);
  if (!user.companyActive) throw new ApiError(403, INACTIVE_ORGANISER);
  const token = newToken();
  const remember = ["1", "true", "on"].includes(str(body, "remember_me"));
  await insertToken(sql, user.id, sha256(token), remember ? TTL.remember : TTL.session);
  const role = user.isCompany ? "company" : user.roles[0]?.name ?? "";
  return ok(c, { token, role, id: user.id, name: user.name, companyid: user.companyId, ...await grants(user) }, "Signed in.");
}).post("/logout", requireUser, async (c) => {
  await revokeToken(c.var.sql, sha256(bearer(c.req.header("authorization"))));
  return ok(c, null, "Signed out.");
}).get("/user/get", requireUser, async (c) => ok(c, await publicUser(c.var.user))).get("/user/getmenu", requireUser, async (c) => {
  const u = c.var.user;
  const menus = u.isCompany ? [] : await liveMenus(c.var.sql, u.roles.map((r) => r.id));
  return ok(c, { live_adminmenus: menus });
}).get("/route/check", requireUser, async (c) => {
  const screen = screenOf(c.req.query("route") ?? "");
  const u = c.var.user;
  const allowed = u.isCompany ? false : screen === "" ? true : await mayOpen(c.var.sql, u, screen);
  return ok(c, allowed);
});

// server/routes/account.ts
import { Hono as Hono2 } from "hono";
import { bodyLimit as bodyLimit2 } from "hono/body-limit";

// src/common/mail-rules.ts
var SMTP_TYPES = [
  { value: "ssl", label: "SSL" },
  { value: "tls", label: "STARTTLS" },
  { value: "none", label: "None" }
];
var hasLineBreak = (s) => /[\r\n\u2028\u2029\u0085]/.test(s);
var lineBreakMessage = (label2) => `The ${label2} may not contain line breaks.`;
var RESET_LINK_MS = 60 * 6e4;
var INVITE_LINK_MS = 7 * 24 * 36e5;
var RESET_SENT_MESSAGE = "If that address has an account, we sent a link.";
var LINK_MESSAGES = {
  used: "This link has already been used. Ask for a new one below if you still need it.",
  expired: "This link has expired. Ask for a new one below.",
  invalid: "This link is not valid: it may be incomplete or changed. Ask for a new one below."
};
var CONFIRM_MESSAGE = "The password confirmation does not match.";

// src/common/user-agent.ts
function describeUserAgent(ua) {
  const version = (re) => re.exec(ua)?.[1]?.split(".")[0] ?? "";
  const named = (name, re) => `${name} ${version(re)}`.trim();
  const browser = /Edg(e|A|iOS)?\//.test(ua) ? named("Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/) : /OPR\//.test(ua) ? named("Opera", /OPR\/([\d.]+)/) : /Firefox\/|FxiOS\//.test(ua) ? named("Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/) : /HeadlessChrome\//.test(ua) ? named("Chrome (headless)", /HeadlessChrome\/([\d.]+)/) : /Chrome\/|CriOS\//.test(ua) ? named("Chrome", /(?:Chrome|CriOS)\/([\d.]+)/) : /Safari\//.test(ua) && /Version\//.test(ua) ? named("Safari", /Version\/([\d.]+)/) : /^curl\//.test(ua) ? "curl" : ua ? "Other browser" : "Unknown browser";
  const os = /Windows/.test(ua) ? "Windows" : /iPhone|iPad|iPod/.test(ua) ? "iOS" : /Mac OS X|Macintosh/.test(ua) ? "macOS" : /Android/.test(ua) ? "Android" : /CrOS/.test(ua) ? "ChromeOS" : /Linux/.test(ua) ? "Linux" : "Unknown system";
  return { browser, os };
}

// server/lib/auth/account-links.ts
import { randomBytes as randomBytes3, timingSafeEqual as timingSafeEqual3 } from "node:crypto";

// server/db/queries/account-tokens.ts
async function insertAccountToken(tx, t) {
  await tx.run("UPDATE account_tokens SET expires_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?", [t.now, t.userId, t.purpose, t.now]);
  await tx.run(
    "INSERT INTO account_tokens (user_id, purpose, selector, secret_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    [t.userId, t.purpose, t.selector, t.secretHash, t.expiresAt, t.now]
  );
}
var findAccountToken = (sql, selector) => sql.get("SELECT id, user_id, purpose, secret_hash, expires_at, used_at FROM account_tokens WHERE selector = ?", [selector]);
var useAccountToken = (tx, id, now) => tx.run("UPDATE account_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL", [now, id]);

// server/lib/auth/account-links.ts
var TOKEN2 = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;
async function issueLinkToken(tx, userId, purpose, now) {
  const selector = randomBytes3(12).toString("base64url");
  const secret = randomBytes3(32).toString("base64url");
  await insertAccountToken(tx, { userId, purpose, selector, secretHash: sha256(secret), expiresAt: now + (purpose === "reset" ? RESET_LINK_MS : INVITE_LINK_MS), now });
  return `${selector}.${secret}`;
}
var linkUrl = (base, purpose, token) => `${base.replace(/\/+$/, "")}/${purpose === "reset" ? "reset-password" : "invitation"}#${token}`;
async function checkLinkToken(sql, token, now) {
  const m = TOKEN2.exec(token);
  if (!m) return { state: "invalid" };
  const row = await findAccountToken(sql, m[1]);
  const presented = Buffer.from(sha256(m[2]), "hex");
  const stored = row ? Buffer.from(row.secret_hash, "hex") : Buffer.alloc(presented.length);
  const same2 = stored.length === presented.length && timingSafeEqual3(stored, presented);
  if (!row || !same2) return { state: "invalid" };
  if (row.used_at !== null) return { state: "used", row };
  if (Number(row.expires_at) <= now) return { state: "expired", row };
  return { state: "valid", row };
}

// server/lib/auth/link-throttle.ts
var LINK_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * 6e4 };
var throttledMessage2 = (seconds) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
};
async function throttle(c, kind, account) {
  const config = c.get("config");
  const limits = config.linkLimits ?? LINK_LIMITS;
  const sql = c.get("sql");
  const rules2 = [
    { key: `${kind}:acct:${account}`, limit: limits.perAccount, windowMs: limits.windowMs },
    { key: `${kind}:ip:${addressKey(clientAddress(c, config.trustProxy))}`, limit: limits.perAddress, windowMs: limits.windowMs }
  ];
  const hits = await takeHits(sql, rules2);
  const refused = hits.filter((h) => !h.granted);
  if (!refused.length) return;
  for (const h of hits) if (h.granted) await giveBack(sql, h.key);
  const seconds = Math.max(1, ...refused.map((h) => Math.ceil(h.retryMs / 1e3)));
  c.header("Retry-After", String(seconds));
  throw new ApiError(429, throttledMessage2(seconds));
}

// server/db/queries/outbox.ts
var INSERT = (engine) => `INSERT INTO outbox (kind, to_address, to_name, subject, body_text, body_html, ref_id, status, attempts, next_at, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, 'waiting', 0, ${dbNow({ engine })}, ${dbNow({ engine })})`;
var params = (m) => [m.kind, m.to, m.toName ?? "", m.subject, m.text ?? "", m.html ?? "", m.refId ?? null];
var enqueueMail = (tx, m) => tx.run(INSERT(tx.engine), params(m));
var enqueueInvite = (tx, u) => enqueueMail(tx, { kind: "invite", to: u.email, toName: u.name, subject: "Your invitation", refId: u.id });
async function claimMail(sql, owner, leaseMs2, limit) {
  const now = dbNow(sql);
  const lock = sql.engine === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  return sql.transaction((tx) => tx.all(
    `UPDATE outbox SET lease_owner = ?, lease_until = ${now} + ?, attempts = attempts + 1
     WHERE id IN (SELECT id FROM outbox WHERE status = 'waiting' AND next_at <= ${now} AND (lease_until IS NULL OR lease_until < ${now})
                  ORDER BY CASE kind WHEN 'invite' THEN 1 ELSE 0 END, next_at, id LIMIT ? ${lock})
     RETURNING id, kind, to_address, to_name, subject, body_text, body_html, ref_id, attempts, created_at`,
    [owner, leaseMs2, limit]
  ));
}
var markSent = (sql, id, owner) => sql.run(
  `UPDATE outbox SET status = 'sent', sent_at = ${dbNow(sql)}, last_error = '', lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
  [id, owner]
);
var markRetry = (sql, id, owner, delayMs, error) => sql.run(
  `UPDATE outbox SET next_at = ${dbNow(sql)} + ?, last_error = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
  [Math.round(delayMs), error.slice(0, 500), id, owner]
);
var markDone = (sql, id, owner, status, note) => sql.run(
  `UPDATE outbox SET status = ?, last_error = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
  [status, note.slice(0, 500), id, owner]
);
var recordDirect = (sql, m, sent, error) => sql.run(
  `INSERT INTO outbox (kind, to_address, to_name, subject, body_text, body_html, ref_id, status, attempts, last_error, next_at, created_at, sent_at)
   VALUES (?, ?, ?, ?, '', '', NULL, ?, 1, ?, ${dbNow(sql)}, ${dbNow(sql)}, ${sent ? dbNow(sql) : "NULL"})`,
  [m.kind, m.to, m.toName ?? "", m.subject, sent ? "sent" : "failed", error.slice(0, 500)]
);
var countWaiting = async (sql) => Number((await sql.get("SELECT COUNT(*) AS n FROM outbox WHERE status = 'waiting'"))?.n ?? 0);
var dueNow = (sql) => sql.run(`UPDATE outbox SET next_at = ${dbNow(sql)} WHERE status = 'waiting'`);
var recentMail = (sql, limit = 20) => sql.all(
  "SELECT id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at FROM outbox ORDER BY id DESC LIMIT ?",
  [limit]
);

// server/db/list-query.ts
var ALL = { where: "", params: [] };
var PLAIN = { q: "", sort: "", dir: "asc", filters: {} };
var MAX_PER_PAGE = 100;
var MAX_Q = 255;
function readListQuery(spec, input) {
  const errors = {};
  const q = (input.q ?? "").trim();
  if (q.length > MAX_Q) errors.q = [`The q may not be greater than ${MAX_Q} characters.`];
  const sort = input.sort ?? "";
  if (sort !== "" && !Object.hasOwn(spec.sort, sort)) errors.sort = ["The selected sort is invalid."];
  const dir = input.dir ?? "";
  if (dir !== "" && dir !== "asc" && dir !== "desc") errors.dir = ["The selected dir is invalid."];
  let perPage;
  if (input.per_page !== void 0) {
    perPage = /^\d{1,3}$/.test(input.per_page) ? Number(input.per_page) : NaN;
    if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) errors.per_page = [`The per page must be an integer between 1 and ${MAX_PER_PAGE}.`];
  }
  const filters = {};
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    const v = input[name];
    if (v === void 0 || v === "") continue;
    const good = f.values === "id" ? /^\d{1,9}$/.test(v) && Number(v) > 0 : f.values === "date" ? /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) : f.values.includes(v);
    if (good) filters[name] = v;
    else errors[name] = [`The selected ${name.replaceAll("_", " ")} is invalid.`];
  }
  if (Object.keys(errors).length) throw invalidInput(errors);
  return { q, sort, dir: dir === "desc" ? "desc" : "asc", perPage, filters };
}
function whereOf(spec, lq, scope, engine) {
  const parts = [];
  const params2 = [];
  if (scope.where) {
    parts.push(`(${scope.where})`);
    params2.push(...scope.params);
  }
  if (lq.q && spec.fts && engine === "sqlite" && [...lq.q].length >= 3) {
    parts.push(`${spec.idCol} IN (SELECT rowid FROM ${spec.fts} WHERE ${spec.fts} MATCH ?)`);
    params2.push(`"${lq.q.replaceAll('"', '""')}"`);
  } else if (lq.q) {
    const pattern = `%${lq.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(`(${spec.search.map((e) => `lower(${e}) LIKE ? ESCAPE '\\'`).join(" OR ")})`);
    params2.push(...spec.search.map(() => pattern));
  }
  for (const [name, v] of Object.entries(lq.filters)) {
    const f = spec.filters[name];
    const [piece, values] = typeof f.where === "function" ? f.where(v) : [f.where, [f.param ? f.param(v) : f.values === "id" ? Number(v) : v]];
    parts.push(`(${piece})`);
    params2.push(...values);
  }
  return [parts.length ? `WHERE ${parts.join(" AND ")}` : "", params2];
}
function orderOf(spec, lq) {
  if (!lq.sort) return spec.defaultOrder;
  const dir = lq.dir.toUpperCase();
  const expr = spec.sort[lq.sort];
  return expr === spec.idCol ? `${expr} ${dir}` : `${expr} ${dir}, ${spec.idCol} ${dir}`;
}
async function matchingIds(sql, spec, lq, scope) {
  const [where, params2] = whereOf(spec, lq, scope, sql.engine);
  const rows = await sql.all(`SELECT ${spec.idCol} AS id FROM ${spec.from} ${where} ORDER BY ${orderOf(spec, lq)}`, params2);
  return rows.map((r) => Number(r.id));
}
var marks = (n) => Array.from({ length: n }, () => "?").join(",");

// server/db/list-page.ts
var reverseOrder = (order) => order.split(/,\s*/).map((t) => /\sDESC$/i.test(t) ? t.replace(/\sDESC$/i, " ASC") : `${t.replace(/\sASC$/i, "")} DESC`).join(", ");
var NEAR_ROWS = 1e3;
async function listPage(sql, spec, lq, scope, page, perPage) {
  const [where, params2] = whereOf(spec, lq, scope, sql.engine);
  const size = lq.perPage ?? perPage;
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const whole = scope.count && !lq.q && !Object.keys(lq.filters).length;
  const [countSql, countParams] = whole ? [scope.count, scope.params] : [`SELECT COUNT(*) AS n FROM ${spec.from} ${where}`, params2];
  const offset = (current - 1) * size;
  const order = orderOf(spec, lq);
  let total;
  let data = [];
  if (offset < NEAR_ROWS) {
    const rows = await sql.all(
      `SELECT ${spec.columns}, (${countSql}) AS list_total FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...countParams, ...params2, size, offset]
    );
    if (rows.length || offset === 0) total = rows.length ? Number(rows[0].list_total) : 0;
    for (const r of rows) delete r.list_total;
    data = rows;
  }
  if (total === void 0) {
    total = Number((await sql.get(countSql, countParams))?.n ?? 0);
    if (offset < total) {
      const fromEnd = total - offset - size;
      data = offset > total / 2 ? (await sql.all(
        `SELECT ${spec.columns} FROM ${spec.from} ${where} ORDER BY ${reverseOrder(order)} LIMIT ? OFFSET ?`,
        [...params2, fromEnd < 0 ? size + fromEnd : size, Math.max(0, fromEnd)]
      )).reverse() : await sql.all(`SELECT ${spec.columns} FROM ${spec.from} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`, [...params2, size, offset]);
    }
  }
  return { current_page: current, per_page: size, total, last_page: Math.max(1, Math.ceil(total / size)), data };
}

// src/common/activity.ts
var ACTIVITY_RESOURCES = {
  session: "Sign-in",
  permissions: "Permission",
  roles: "Role",
  users: "User",
  pages: "Page",
  menus: "Menu",
  settings: "Settings",
  organisers: "Organizer",
  bookings: "Booking",
  working_days: "Working days",
  events: "Event",
  photos: "Event photos",
  campaigns: "Campaign",
  templates: "Template",
  videos: "Video",
  conference_users: "Conference user",
  recognition: "Recognition event",
  imports: "Import"
};
var ACTIVITY_ACTIONS = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  bulk_delete: "Deleted (bulk)",
  status: "Status changed",
  bulk_status: "Status changed (bulk)",
  import: "Import started",
  clear: "Cleared",
  export: "Exported",
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  password_change: "Password changed",
  password_reset: "Password reset",
  password_set: "Password set (invitation)",
  undo_import: "Import undone",
  invite: "Invitation sent"
};

// server/db/queries/activity.ts
function insertActivity(sql, a, now = Date.now()) {
  return sql.run(
    `INSERT INTO activity (at, at_text, actor_id, actor_name, actor_role, organizer_id, action, resource, resource_id, label, changes, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [now, new Date(now).toISOString(), a.actor_id, a.actor_name, a.actor_role, a.organizer_id, a.action, a.resource, a.resource_id, a.label, a.changes, a.ip, a.user_agent]
  );
}
var pruneActivity = (sql, before) => sql.run("DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? ORDER BY id LIMIT 10000)", [before]);
var dayStart = (v) => Date.parse(`${v}T00:00:00Z`);
var ACTIVITY_LIST = {
  from: "activity a",
  idCol: "a.id",
  columns: "a.id, a.at, a.actor_id, a.actor_name, a.actor_role, a.organizer_id, a.action, a.resource, a.resource_id, a.label, a.changes, a.ip, a.user_agent",
  search: ["a.label"],
  fts: "activity_fts",
  sort: { id: "a.id", at: "a.at" },
  defaultOrder: "a.at DESC, a.id DESC",
  filters: {
    actor_id: { values: "id", where: "a.actor_id = ?" },
    action: { values: Object.keys(ACTIVITY_ACTIONS), where: "a.action = ?" },
    resource: { values: Object.keys(ACTIVITY_RESOURCES), where: "a.resource = ?" },
    organizer_id: { values: "id", where: "a.organizer_id = ?" },
    resource_id: { values: "id", where: "a.resource_id = ?" },
    from: { values: "date", where: "a.at >= ?", param: dayStart },
    to: { values: "date", where: "a.at < ?", param: (v) => dayStart(v) + 864e5 }
  },
  csv: [
    ["time (UTC)", "a.at_text"],
    ["actor", "a.actor_name"],
    ["actor role", "a.actor_role"],
    ["organizer id", "a.organizer_id"],
    ["action", "a.action"],
    ["resource", "a.resource"],
    ["record id", "a.resource_id"],
    ["record", "a.label"],
    ["changes", "a.changes"],
    ["address", "a.ip"],
    ["user agent", "a.user_agent"]
  ]
};
var listActivity = (sql, page, lq, scope, perPage = 10) => listPage(sql, ACTIVITY_LIST, lq, scope, page, perPage);

// server/lib/activity/activity-routes.ts
var crud = (resource, base, table, label2, paramName = "id") => ({
  [`POST ${base}`]: { resource, action: "create", table, id: "insert", label: label2 },
  [`PUT ${base}/:${paramName}`]: { resource, action: "update", table, id: { param: paramName }, label: label2 },
  [`DELETE ${base}/:${paramName}`]: { resource, action: "delete", table, id: { param: paramName }, label: label2 },
  [`POST ${base}/bulk-delete`]: { resource, action: "bulk_delete", id: "none" }
});
var ROUTES = {
  ...crud("permissions", "/api/permission", "permissions", "name"),
  ...crud("roles", "/api/role", "roles", "name"),
  ...crud("users", "/api/user", "users", "name"),
  ...crud("pages", "/api/page", "pages", "title"),
  ...crud("menus", "/api/adminmenu", "admin_menus", "title"),
  ...crud("templates", "/api/template", "templates", "path"),
  // An import's row names its job (resource_id), so the Activity screen can offer its undo.
  "POST /api/user/import": { resource: "imports", action: "import", table: "import_jobs", id: "insert", fixedLabel: "Users import" },
  "PUT /api/companysettings": { resource: "settings", action: "update", table: "company_settings", id: { fixed: 1 }, fixedLabel: "Company" },
  "PUT /api/settings/company": { resource: "settings", action: "update", table: "company_settings", id: { fixed: 1 }, fixedLabel: "Company" },
  "PUT /api/emailsettings": { resource: "settings", action: "update", table: "email_settings", id: { fixed: 1 }, fixedLabel: "Email" },
  "PUT /api/settings/email": { resource: "settings", action: "update", table: "email_settings", id: { fixed: 1 }, fixedLabel: "Email" },
  // My account (issue 20 §4): the caller's own record.
  "PUT /api/account": { resource: "users", action: "update", table: "users", id: "self", label: "name" },
  "PUT /api/account/password": { resource: "users", action: "password_change", table: "users", id: "self", label: "name" },
  // Save Changes writes both tabs in one call (issue 20 §1): one row with the fields of both.
  "PUT /api/settings": { resource: "settings", action: "update", table: "company_settings", alsoTable: "email_settings", id: { fixed: 1 }, fixedLabel: "Company and Email" },
  "POST /api/organiser": { resource: "organisers", action: "create", table: "companies", id: "insert", label: "name" },
  "PUT /api/organiser/:id{[0-9]+}": { resource: "organisers", action: "update", table: "companies", id: { param: "id" }, label: "name" },
  "POST /api/organiser/deleteOrganizer": { resource: "organisers", action: "delete", table: "companies", id: { body: "organizer_id" }, label: "name" },
  "PUT /api/organiser/deleteOrganizer": { resource: "organisers", action: "delete", table: "companies", id: { body: "organizer_id" }, label: "name" },
  "POST /api/organiser/bulk-delete": { resource: "organisers", action: "bulk_delete", id: "none" },
  "PUT /api/organiser/booking/:id": { resource: "bookings", action: "status", table: "bookings", id: { param: "id" }, label: "name" },
  "POST /api/organiser/bookings/bulk-status": { resource: "bookings", action: "bulk_status", id: "none" },
  "PUT /api/holiday": { resource: "working_days", action: "update", table: "companies", id: { body: "company_id" }, label: "name" },
  "PUT /api/organiser/holiday": { resource: "working_days", action: "update", table: "companies", id: { body: "company_id" }, label: "name" },
  "POST /api/holiday": { resource: "working_days", action: "update", table: "companies", id: { body: "company_id" }, label: "name" },
  "POST /api/organiser/holiday": { resource: "working_days", action: "update", table: "companies", id: { body: "company_id" }, label: "name" },
  // Resend invitation (issue 20 §3): the outbox row is the change; the row names the person.
  "POST /api/user/:id/invite": { resource: "users", action: "invite", table: "users", id: { param: "id" }, label: "name" },
  "POST /api/organiser/:id{[0-9]+}/invite": { resource: "organisers", action: "invite", table: "companies", id: { param: "id" }, label: "name" },
  "POST /api/event": { resource: "events", action: "create", table: "events", id: "insert", label: "title" },
  "PUT /api/event/:id": { resource: "events", action: "update", table: "events", id: { param: "id" }, label: "title" },
  "PUT /api/deleteEvent": { resource: "events", action: "delete", table: "events", id: { body: "event_id" }, label: "title" },
  "POST /api/deleteEvent": { resource: "events", action: "delete", table: "events", id: { body: "event_id" }, label: "title" },
  "POST /api/event/bulk-delete": { resource: "events", action: "bulk_delete", id: "none" },
  "POST /api/uploadExcel": { resource: "imports", action: "import", table: "import_jobs", id: "insert", fixedLabel: "Event photos import" },
  "POST /api/deleteEventPhotos": { resource: "photos", action: "clear", table: "events", id: { body: "event_id" }, label: "title" },
  "POST /api/getPhotosByEventId/bulk-delete": { resource: "photos", action: "bulk_delete", id: "none" },
  "POST /api/campaign": { resource: "campaigns", action: "create", table: "campaigns", id: "insert", label: "title" },
  "PUT /api/campaign/:id": { resource: "campaigns", action: "update", table: "campaigns", id: { param: "id" }, label: "title" },
  "PUT /api/deleteCampaign": { resource: "campaigns", action: "delete", table: "campaigns", id: { body: "campaign_id" }, label: "title" },
  "POST /api/deleteCampaign": { resource: "campaigns", action: "delete", table: "campaigns", id: { body: "campaign_id" }, label: "title" },
  "POST /api/updateParticipantVideo": { resource: "videos", action: "status", table: "participant_videos", id: { body: "id" }, label: "name" },
  "POST /api/getAllParticipantVideos/bulk-status": { resource: "videos", action: "bulk_status", id: "none" },
  "POST /api/updateParticipantType": { resource: "conference_users", action: "update", id: "none", bodyLabel: "user_id" },
  "POST /recognition/events": { resource: "recognition", action: "create", id: "none", bodyLabel: "name" },
  "POST /recognition/events/:id/bib_filter": { resource: "recognition", action: "update", id: { param: "id" } },
  "PUT /recognition/events/:id": { resource: "recognition", action: "update", id: { param: "id" }, bodyLabel: "name" },
  "DELETE /recognition/events/:id": { resource: "recognition", action: "delete", id: { param: "id" } },
  "POST /recognition/events/payment/participant": { resource: "recognition", action: "create", id: "none", fixedLabel: "Participant payment" }
};

// server/lib/activity/activity.ts
var ORG_SQL = {
  companies: "SELECT id AS company_id FROM companies WHERE id = ?",
  users: "SELECT company_id FROM users WHERE id = ?",
  events: "SELECT company_id FROM events WHERE id = ?",
  bookings: "SELECT company_id FROM bookings WHERE id = ?",
  campaigns: "SELECT e.company_id FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id = ?",
  templates: "SELECT e.company_id FROM templates t JOIN campaigns c ON c.id = t.campaign_id JOIN events e ON e.id = c.event_id WHERE t.id = ?",
  participant_videos: "SELECT e.company_id FROM participant_videos v JOIN campaigns c ON c.id = v.campaign_id JOIN events e ON e.id = c.event_id WHERE v.id = ?"
};
var RELATED = {
  roles: async (sql, id) => ({
    permissions: (await sql.all("SELECT p.name FROM permissions p JOIN role_permissions rp ON rp.permission_id = p.id WHERE rp.role_id = ? ORDER BY p.name", [id])).map((r) => r.name),
    access_roles: (await sql.all("SELECT r.name FROM roles r JOIN role_access ra ON ra.access_role_id = r.id WHERE ra.role_id = ? ORDER BY r.name", [id])).map((r) => r.name),
    menus: (await sql.all("SELECT m.title FROM admin_menus m JOIN admin_menu_roles mr ON mr.menu_id = m.id WHERE mr.role_id = ? ORDER BY m.title", [id])).map((r) => r.title)
  }),
  users: async (sql, id) => ({
    roles: (await sql.all("SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id", [id])).map((r) => r.name)
  }),
  admin_menus: async (sql, id) => ({
    roles: (await sql.all("SELECT r.name FROM roles r JOIN admin_menu_roles mr ON mr.role_id = r.id WHERE mr.menu_id = ? ORDER BY r.name", [id])).map((r) => r.name)
  }),
  companies: async (sql, id) => ({
    description: (await sql.get("SELECT description FROM company_details WHERE company_id = ?", [id]))?.description ?? null,
    days: (await sql.all("SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id", [id])).map((r) => r.day_id)
  })
};
var SECRET = /* @__PURE__ */ new Set(["password_hash", "password", "smtp_password", "token", "token_hash"]);
var NOISE = /* @__PURE__ */ new Set(["id", "created_at", "updated_at"]);
var MAX_VALUE = 300;
var MAX_LABEL = 200;
var WRITE = /^\s*(?:INSERT|UPDATE|DELETE|WITH\b[\s\S]*\b(?:INSERT|UPDATE|DELETE))\b/i;
var INSERT_INTO = /^\s*INSERT\s+INTO\s+"?(\w+)"?/i;
var BOOKKEEPING = /^\s*(?:(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(?:tokens|login_throttle|login_failures|link_throttle)"?|UPDATE\s+"?import_jobs"?)\s/i;
var logs = (text3) => WRITE.test(text3) && !BOOKKEEPING.test(text3);
function routeKey(c) {
  const handlers = c.req.matchedRoutes.filter((r2) => r2.method !== "ALL");
  const r = handlers[handlers.length - 1];
  return r ? `${c.req.method} ${r.path}` : "";
}
function clientAddress2(c) {
  const addr = clientAddress(c);
  return addr === "unknown" ? "" : addr;
}
var cut = (v) => {
  if (typeof v === "string") return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}\u2026` : v;
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(cut);
  return v;
};
function diff(before, after) {
  const out = {};
  const keys = /* @__PURE__ */ new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (NOISE.has(k)) continue;
    const a = before?.[k] === "" ? null : before?.[k] ?? null, b = after?.[k] === "" ? null : after?.[k] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[k] = SECRET.has(k) ? "changed" : { from: cut(a), to: cut(b) };
  }
  return out;
}
async function snapshot(sql, t, id, lock = false) {
  if (!t.table || !id) return void 0;
  const forUpdate = lock && sql.engine === "postgres" ? " FOR UPDATE" : "";
  const row = await sql.get(`SELECT * FROM ${t.table} WHERE id = ?${forUpdate}`, [id]);
  if (!row) return void 0;
  if (t.alsoTable) return { ...row, ...await sql.get(`SELECT * FROM ${t.alsoTable} WHERE id = ?`, [id]) ?? {} };
  const related = RELATED[t.table];
  return related ? { ...row, ...await related(sql, id) } : row;
}
async function organiserOf(sql, t, id, body, row) {
  const own = t.table === "companies" ? row?.id : row?.company_id;
  if (row && own !== void 0) {
    if (own !== null) return Number(own);
    if (t.table === "users") return null;
  }
  const text3 = t.table && ORG_SQL[t.table];
  if (text3 && id) {
    const r = await sql.get(text3, [id]);
    if (r?.company_id != null) return Number(r.company_id);
  }
  const fromBody = Number(body.company_id ?? body.organizer_id);
  return Number.isInteger(fromBody) && fromBody > 0 ? fromBody : null;
}
var positive = (v) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};
function actorOf(c) {
  const u = c.var.user;
  if (!u) return { actor_id: null, actor_name: "", actor_role: "", companyId: null };
  return { actor_id: u.id, actor_name: u.name, actor_role: u.isCompany ? "company" : u.roles[0]?.name ?? "", companyId: u.companyId };
}
var requestFacts = (c) => ({ ip: clientAddress2(c).slice(0, 64), user_agent: (c.req.header("user-agent") ?? "").slice(0, 300) });
var activityLog = async (c, next) => {
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") {
    await next();
    if (c.res.status === 200 && /\/export$/.test(c.req.path) && c.var.user) await recordExport(c).catch(() => void 0);
    return;
  }
  const key = routeKey(c);
  if (key === "POST /api/login") {
    await next();
    await recordSignIn(c).catch(() => void 0);
    return;
  }
  if (key === "POST /api/logout") {
    await next();
    if (c.res.status === 200) await insertActivity(c.var.sql, { ...actorOf(c), organizer_id: actorOf(c).companyId, action: "sign_out", resource: "session", resource_id: actorOf(c).actor_id, label: c.var.user?.email ?? "", changes: "", ...requestFacts(c) }).catch(() => void 0);
    return;
  }
  const target = ROUTES[key];
  if (!target) return next();
  const base = c.var.sql;
  let done = false;
  let insertedId = null;
  const resolveId = () => {
    const from = target.id;
    if (from === "none" || from === "insert") return null;
    if (from === "self") return c.var.user?.id ?? null;
    if ("fixed" in from) return from.fixed;
    if ("param" in from) return positive(c.req.param(from.param));
    return positive(c.get("body")?.[from.body]);
  };
  const logged = (work) => base.transaction(async (tx) => {
    if (done) return work(tx);
    done = true;
    const id = resolveId();
    const before = await snapshot(tx, target, id, true);
    const result = await work(watch(tx));
    const recordId3 = id ?? insertedId;
    const after = await snapshot(tx, target, recordId3);
    const body = c.get("body") ?? {};
    const actor = actorOf(c);
    const organizer = await organiserOf(tx, target, recordId3, body, after ?? before).catch(() => null) ?? actor.companyId;
    let changes = target.table ? diff(before, after) : {};
    if (target.action === "bulk_delete" || target.action === "bulk_status") changes = bulkFacts(body);
    if (target.action === "bulk_status") changes.status = { from: null, to: cut(body.status ?? null) };
    if (target.action === "import") changes = after ? { rows: { from: null, to: Number(after.rows_total) } } : {};
    const labelSource = after ?? before;
    const label2 = target.fixedLabel ?? (target.label && labelSource ? String(labelSource[target.label] ?? "") : target.bodyLabel ? String(body[target.bodyLabel] ?? "") : "");
    await insertActivity(tx, {
      actor_id: actor.actor_id,
      actor_name: actor.actor_name,
      actor_role: actor.actor_role,
      organizer_id: organizer,
      action: target.action,
      resource: target.resource,
      resource_id: recordId3,
      label: label2.slice(0, MAX_LABEL),
      changes: Object.keys(changes).length ? JSON.stringify(changes) : "",
      ...requestFacts(c)
    });
    return result;
  });
  const watch = (tx) => ({
    ...tx,
    engine: tx.engine,
    close: () => tx.close(),
    all: async (text3, params2) => noteInsert(text3, await tx.all(text3, params2)),
    get: async (text3, params2) => {
      const r = await tx.get(text3, params2);
      noteInsert(text3, r ? [r] : []);
      return r;
    },
    run: (text3, params2) => tx.run(text3, params2),
    runMany: (text3, rows) => tx.runMany(text3, rows),
    transaction: (fn) => tx.transaction((inner) => fn(watch(inner)))
  });
  const noteInsert = (text3, rows) => {
    const m = INSERT_INTO.exec(text3);
    if (m && insertedId === null && m[1] === target.table && rows[0] && typeof rows[0] === "object" && "id" in rows[0])
      insertedId = positive(rows[0].id);
    return rows;
  };
  const wrapped = {
    engine: base.engine,
    close: () => base.close(),
    all: (text3, params2) => !done && logs(text3) ? logged((tx) => tx.all(text3, params2)) : base.all(text3, params2),
    get: (text3, params2) => !done && logs(text3) ? logged((tx) => tx.get(text3, params2)) : base.get(text3, params2),
    run: (text3, params2) => !done && logs(text3) ? logged((tx) => tx.run(text3, params2)) : base.run(text3, params2),
    runMany: (text3, rows) => !done ? logged((tx) => tx.runMany(text3, rows)) : base.runMany(text3, rows),
    transaction: (fn) => !done ? logged(fn) : base.transaction(fn)
  };
  c.set("sql", wrapped);
  try {
    await next();
  } finally {
    c.set("sql", base);
  }
};
function bulkFacts(body) {
  const raw = body.ids;
  const ids = (Array.isArray(raw) ? raw : typeof raw === "string" ? raw.split(",") : []).map(positive).filter((n) => n !== null);
  const all = ["1", "true"].includes(String(body.all ?? ""));
  return all ? { ids: { from: null, to: "all matching" } } : { ids: { from: null, to: ids.slice(0, 1e3) }, count: { from: null, to: ids.length } };
}
async function recordSignIn(c) {
  const body = c.get("body") ?? {};
  const email2 = typeof body.email === "string" ? body.email.trim().slice(0, 254) : "";
  const status = c.res.status;
  if (!email2 || status !== 200 && status !== 401 && status !== 403) return;
  const user = await c.var.sql.get("SELECT id, name, company_id FROM users WHERE lower(email) = lower(?)", [email2]);
  const role = user ? (await c.var.sql.get("SELECT r.name FROM roles r JOIN user_roles ur ON ur.role_id = r.id WHERE ur.user_id = ? ORDER BY r.id", [user.id]))?.name ?? "" : "";
  await insertActivity(c.var.sql, {
    actor_id: user?.id ?? null,
    actor_name: user?.name ?? "",
    actor_role: role,
    organizer_id: user?.company_id ?? null,
    action: status === 200 ? "sign_in" : "sign_in_failed",
    resource: "session",
    resource_id: user?.id ?? null,
    label: email2,
    changes: "",
    ...requestFacts(c)
  });
}
async function recordActivity(tx, c, row) {
  const actor = actorOf(c);
  const self = actor.actor_id === null;
  await insertActivity(tx, {
    actor_id: self ? row.resource_id : actor.actor_id,
    actor_name: self ? row.label : actor.actor_name,
    actor_role: actor.actor_role,
    organizer_id: row.organizer_id ?? actor.companyId,
    action: row.action,
    resource: row.resource,
    resource_id: row.resource_id,
    label: row.label.slice(0, MAX_LABEL),
    changes: row.changes && Object.keys(row.changes).length ? JSON.stringify(row.changes) : "",
    ...requestFacts(c)
  });
}
async function recordExport(c) {
  const part = c.req.path.replace(/^\/api\//, "").split("/")[0];
  const resource = { user: "users", role: "roles", permission: "permissions", page: "pages", adminmenu: "menus", organiser: "organisers", event: "events", getPhotosByEventId: "photos", getAllParticipantVideos: "videos", activity: "session" }[part] ?? "session";
  const actor = actorOf(c);
  const query = new URL(c.req.url).search.slice(0, MAX_VALUE);
  await insertActivity(c.var.sql, {
    actor_id: actor.actor_id,
    actor_name: actor.actor_name,
    actor_role: actor.actor_role,
    organizer_id: actor.companyId,
    action: "export",
    resource,
    resource_id: null,
    label: `${part}.csv`,
    changes: query ? JSON.stringify({ query: { from: null, to: query } }) : "",
    ...requestFacts(c)
  });
}
function startActivityPruner(sql, days, everyMs = 36e5) {
  const prune = () => {
    pruneActivity(sql, Date.now() - days * 864e5).catch((err) => log.warn({ err }, "activity pruning failed; retried at the next interval"));
  };
  const first = setTimeout(prune, 5e3);
  const timer = setInterval(prune, everyMs);
  first.unref?.();
  timer.unref?.();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

// server/routes/account.ts
var SMALL_BODY = 64 * 1024;
var PASSWORD_MAX = 4096;
var SESSION_MS = 12 * 36e5;
var small = bodyLimit2({ maxSize: SMALL_BODY, onError: (c) => errorEnvelope(c, 413, "The request is too large.") });
async function openSession(c, user, message) {
  if (!user.companyActive) throw new ApiError(403, INACTIVE_ORGANISER);
  const token = newToken();
  await insertSession(c.var.sql, { userId: user.id, hash: sha256(token), ttlMs: SESSION_MS, userAgent: c.req.header("user-agent") ?? "", ip: clientAddress(c, c.var.config.trustProxy) });
  const u = await publicUser(user);
  const role = user.isCompany ? "company" : user.roles[0]?.name ?? "";
  return ok(c, { token, role, id: u.id, name: u.name, companyid: u.companyid, abilities: u.abilities, assignable_roles: u.assignable_roles }, message);
}
function checkNewPassword(body, field = "password") {
  validate(body, { [field]: [required, maxLength(PASSWORD_MAX)] });
  const password = str(body, field);
  const problem = passwordProblem(password);
  if (problem) throw validationError({ [field]: [problem] });
  if (str(body, `${field}_confirmation`) !== password) throw validationError({ [`${field}_confirmation`]: [CONFIRM_MESSAGE] });
  return password;
}
async function forgot(c) {
  const body = await readBody(c);
  validate(body, { email: [required, maxLength(EMAIL_MAX_LENGTH), email] });
  const to = str(body, "email").trim().toLowerCase();
  await throttle(c, "link", to);
  await enqueueMail(c.var.sql, { kind: "reset", to, subject: "Reset your password" });
  return ok(c, null, RESET_SENT_MESSAGE);
}
async function linkState(c) {
  const body = await readBody(c);
  const { state, row } = await checkLinkToken(c.var.sql, str(body, "token"), c.var.config.now());
  const user = state === "valid" && row ? await loadAuthUser(c.var.sql, row.user_id) : void 0;
  return ok(c, { state, purpose: row?.purpose ?? null, email: user?.email ?? null, name: user?.name ?? null });
}
async function setByLink(c) {
  const body = await readBody(c);
  validate(body, { token: [maxLength(200)] });
  const sql = c.var.sql;
  const refuse = (state) => new ApiError(422, LINK_MESSAGES[state], { token: [LINK_MESSAGES[state]] }, { state });
  const first = await checkLinkToken(sql, str(body, "token"), c.var.config.now());
  if (first.state !== "valid") throw refuse(first.state);
  const password = checkNewPassword(body);
  const hash = await hashPassword(password);
  const row = first.row;
  const won = await sql.transaction(async (tx) => {
    if (await useAccountToken(tx, row.id, c.var.config.now()) !== 1) return false;
    await setPasswordHash(tx, row.user_id, hash);
    await revokeSessionsExcept(tx, row.user_id, "");
    const who = await tx.get("SELECT name, company_id FROM users WHERE id = ?", [row.user_id]);
    await recordActivity(tx, c, {
      action: row.purpose === "invite" ? "password_set" : "password_reset",
      resource: "users",
      resource_id: row.user_id,
      label: who?.name ?? "",
      organizer_id: who?.company_id ?? null,
      changes: { password_hash: "changed" }
    });
    return true;
  });
  if (!won) throw refuse("used");
  const user = await loadAuthUser(sql, row.user_id);
  if (!user) throw refuse("invalid");
  return openSession(c, user, row.purpose === "invite" ? "Your password is set. Welcome!" : "Your password was changed.");
}
var me = (c) => {
  const u = c.var.user;
  return ok(c, { id: u.id, name: u.name, email: u.email, organiser: u.isCompany });
};
async function rename(c) {
  const body = await readBody(c);
  validate(body, { name: [required, maxLength(255), oneLine] });
  const name = str(body, "name").trim();
  await setName(c.var.sql, c.var.user.id, name);
  return ok(c, { id: c.var.user.id, name, email: c.var.user.email, organiser: c.var.user.isCompany }, "Your name was saved.");
}
var oneLine = (v, l) => hasLineBreak(String(v ?? "")) ? lineBreakMessage(l) : null;
async function changePassword(c) {
  const body = await readBody(c);
  validate(body, { current_password: [required, maxLength(PASSWORD_MAX)] }, { current_password: "current password" });
  await throttle(c, "pw", String(c.var.user.id));
  const password = checkNewPassword(body);
  const sql = c.var.sql;
  const stored = await passwordHashOf(sql, c.var.user.id) ?? "";
  if (!await verifyPassword(str(body, "current_password"), stored || await decoyHash) || !stored) throw validationError({ current_password: ["The current password is not right."] });
  const hash = await hashPassword(password);
  const mine = sha256(bearer(c.req.header("authorization")));
  const ended = await sql.transaction(async (tx) => {
    await setPasswordHash(tx, c.var.user.id, hash);
    return revokeSessionsExcept(tx, c.var.user.id, mine);
  });
  return ok(c, { ended }, ended ? "Your password was changed. Your other sessions were signed out." : "Your password was changed.");
}
var decoyHash = hashPassword("decoy-password-for-timing");
async function sessions(c) {
  const mine = sha256(bearer(c.req.header("authorization")));
  const rows = await liveSessions(c.var.sql, c.var.user.id);
  return ok(c, rows.map((r) => ({
    id: r.id,
    ...describeUserAgent(r.user_agent),
    ip: r.ip,
    created_at: Number(r.created_at),
    last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
    current: r.token_hash === mine
  })));
}
async function endSession(c) {
  const id = toId(c.req.param("id"));
  if (!id || await revokeSession(c.var.sql, c.var.user.id, id) !== 1) throw notFound("Session");
  return ok(c, null, "The session was signed out.");
}
async function endOthers(c) {
  const ended = await revokeSessionsExcept(c.var.sql, c.var.user.id, sha256(bearer(c.req.header("authorization"))));
  return ok(c, { ended }, ended === 1 ? "1 other session was signed out." : `${ended} other sessions were signed out.`);
}
var accountRoutes = new Hono2().post("/password/forgot", small, forgot).post("/password/link", small, linkState).post("/password/reset", small, setByLink).get("/account", requireUser, me).put("/account", requireUser, small, rename).put("/account/password", requireUser, small, changePassword).get("/account/sessions", requireUser, sessions).post("/account/sessions/others", requireUser, endOthers).delete("/account/sessions/:id", requireUser, endSession);

// server/routes/permissions.ts
import { Hono as Hono3 } from "hono";

// src/common/contract/schemas.ts
import { z } from "zod";
var rule = (r) => ({ params: { rule: r } });
var requiredText = (max) => z.string().max(max).refine((s) => s.trim() !== "", rule("required"));
var optionalText = (max) => z.string().max(max).optional();
var choice = (...values) => z.union([z.string(), z.number()]).refine((v) => v === "" || values.map(String).includes(String(v)), rule("oneOf")).optional();
var idListText = z.string().refine((s) => s === "" || isIdList(s), rule("idList")).optional();
var Id = z.number().int().min(1);
var Named = z.object({ id: Id, name: z.string() });
var envelope = (data) => z.object({ status: z.literal("success"), message: z.string(), data });
var ErrorEnvelope = z.object({ status: z.literal("error").optional(), message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });
var paginator = (item) => z.object({ current_page: z.number().int(), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int(), data: z.array(item) });
var Page = z.object({ id: Id, title: z.string(), content: z.string() });
var PageInput = z.object({ title: requiredText(255), content: requiredText(1e5) });
var Permission = z.object({ id: Id, name: z.string() });
var PermissionInput = z.object({ name: requiredText(255) });
var Menu = z.object({ id: Id, title: z.string(), url: z.string(), status: z.number().int(), roles: z.array(Named) });
var MenuInput = z.object({ title: requiredText(255), url: optionalText(500), status: choice(0, 1, 2), roles: idListText });
var Role = z.object({ id: Id, name: z.string(), permissions: z.array(Named), accessroles: z.array(Named) });
var RoleInput = z.object({ name: requiredText(100), permissions: idListText, roles: idListText, menus: idListText });
var User = z.object({ id: Id, name: z.string(), email: z.string(), image: z.string(), invited: z.boolean(), role: z.number().int(), roles: z.array(Named) });
var Event = z.object({ id: Id, title: z.string(), description: z.string(), start_date: z.string(), end_date: z.string(), organizer_id: Id, logo: z.string() });
var int = z.number().int();
var Campaign = z.object({
  id: Id,
  event_id: Id,
  title: z.string(),
  description: z.string(),
  logo: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  type: int,
  share_post_quote: z.string(),
  image_console_id: z.string(),
  is_sales_event: int,
  is_dynamic_branding: int,
  application: int,
  subdomain: z.string(),
  event_url: z.string(),
  friendly_url: z.string()
});
var CampaignSettings = z.object({
  event_type: z.string(),
  location: z.string(),
  organizer: z.string(),
  sponsors: z.string(),
  primary_tolerance: z.string(),
  secondary_tolerance: z.string(),
  recognition_tolerance: z.string(),
  payment_slab: z.string(),
  date_filtering: int,
  is_bib_number_present: int,
  bib_start_range: z.string(),
  bib_end_range: z.string(),
  bib_length: z.string(),
  bib_number_prefix: z.string(),
  bib_number_suffix: z.string()
});
var TemplateRef = z.object({ id: Id, path: z.string() });
var CampaignDetail = Campaign.extend(CampaignSettings.shape).extend({ event_title: z.string(), templates: z.array(TemplateRef) });
var Booking = z.object({
  id: Id,
  date: z.string(),
  token: z.string().nullable(),
  status: z.enum(["Requested", "Allowed", "Rejected"]),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string() })
});
var CompanySettings = z.object({ logo: z.string(), name: z.string(), primary_mail: z.string(), sales_mail: z.string(), phone: z.string(), address: z.string() });
var EmailSettingsView = z.object({
  smtp_server: z.string(),
  smtp_email: z.string(),
  smtp_username: z.string(),
  smtp_password: z.literal(""),
  smtp_port: z.string(),
  smtp_type: z.string(),
  smtp_password_set: z.boolean()
});
var Organiser = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: int,
  description: z.string(),
  user_id: Id.nullable(),
  storage_quota_mb: int,
  invited: int
});
var OrganiserDetail = Organiser.extend({ companydetails: z.object({ description: z.string() }), storage: z.object({ used: z.number(), limit: z.number() }) });
var CONTRACT = {
  "GET /api/page": { summary: "Pages, one page of the list", data: paginator(Page) },
  "GET /api/page/{id}": { summary: "One page", data: Page },
  "POST /api/page": { summary: "Add a page", body: PageInput, data: Page },
  "PUT /api/page/{id}": { summary: "Edit a page", body: PageInput, data: z.null() },
  "DELETE /api/page/{id}": { summary: "Delete a page", data: z.null() },
  "GET /api/permission": { summary: "Permissions: every one, or one page of the list with ?page", data: z.union([z.array(Permission), paginator(Permission)]) },
  "GET /api/permission/{id}": { summary: "One permission", data: Permission },
  "POST /api/permission": { summary: "Add a permission", body: PermissionInput, data: Permission },
  "PUT /api/permission/{id}": { summary: "Rename a permission", body: PermissionInput, data: z.null() },
  "DELETE /api/permission/{id}": { summary: "Delete a permission", data: z.null() },
  "GET /api/adminmenu": { summary: "Admin menus, one page of the list", data: paginator(Menu) },
  "GET /api/adminmenu/{id}": { summary: "One admin menu", data: Menu },
  "POST /api/adminmenu": { summary: "Add an admin menu", body: MenuInput, data: Menu },
  "PUT /api/adminmenu/{id}": { summary: "Edit an admin menu", body: MenuInput, data: Menu },
  "DELETE /api/adminmenu/{id}": { summary: "Delete an admin menu", data: z.null() },
  "GET /api/role": { summary: "Roles: every one, or one page of the list with ?page", data: z.union([z.array(Role), paginator(Role)]) },
  "GET /api/role/{id}": { summary: "One role", data: Role },
  "POST /api/role": { summary: "Add a role", body: RoleInput, data: Role },
  "PUT /api/role/{id}": { summary: "Edit a role", body: RoleInput, data: Role },
  "DELETE /api/role/{id}": { summary: "Delete a role", data: z.null() },
  "GET /api/user": { summary: "Users, one page of the list", data: paginator(User) },
  "GET /api/user/{id}": { summary: "One user", data: User },
  "GET /api/event": { summary: "Events of one organiser (?organizer_id), one page of the list", data: paginator(Event) },
  "GET /api/event/{id}": { summary: "One event", data: Event },
  "POST /api/event": { summary: "Add an event", data: Event },
  "PUT /api/event/{id}": { summary: "Edit an event", data: Event },
  "GET /api/getCampaigns": { summary: "Every campaign of one event (?event_id), not paged", data: z.array(Campaign) },
  "GET /api/getCampaignDetailById": { summary: "One campaign (?campaign_id) with its settings and templates", data: CampaignDetail },
  "POST /api/campaign": { summary: "Add a campaign", data: z.object({ id: Id }) },
  "PUT /api/campaign/{id}": { summary: "Edit a campaign", data: CampaignDetail },
  "GET /api/organiser/bookings": { summary: "Bookings of one organiser (?company_id), one page of the list", data: paginator(Booking) },
  "GET /api/organiser/booking/{id}": { summary: "One booking", data: Booking },
  "PUT /api/organiser/booking/{id}": { summary: "Accept (1) or reject (2) a Requested booking", data: Booking },
  "GET /api/organiser": { summary: "Organisers, one page of the list", data: paginator(Organiser) },
  "GET /api/organiser/{id}": { summary: "One organiser with its storage", data: OrganiserDetail },
  "POST /api/organiser": { summary: "Add an organiser (invited when no password is given)", data: Organiser },
  "PUT /api/organiser/{id}": { summary: "Edit an organiser", data: Organiser },
  "GET /api/settings/company": { summary: "Company settings", data: CompanySettings },
  "GET /api/companysettings": { summary: "Company settings (the other reading of settings/company)", data: CompanySettings },
  "GET /api/settings/email": { summary: "E-mail settings, never the SMTP password", data: EmailSettingsView },
  "GET /api/emailsettings": { summary: "E-mail settings (the other reading of settings/email), never the SMTP password", data: EmailSettingsView }
};

// server/db/queries/permissions.ts
var PERMISSION_LIST = {
  from: "permissions",
  idCol: "id",
  columns: "id, name",
  search: ["name"],
  sort: { id: "id", name: "lower(name)" },
  defaultOrder: "id",
  csv: [["id", "id"], ["name", "name"]]
};
var listPermissions = (sql, page, lq, perPage = 10) => listPage(sql, PERMISSION_LIST, lq, ALL, page, perPage);
var allPermissions = (sql) => sql.all("SELECT id, name FROM permissions ORDER BY id");
var getPermission = (sql, id) => sql.get("SELECT id, name FROM permissions WHERE id = ?", [id]);
var createPermission = (sql, name) => sql.get("INSERT INTO permissions (name) VALUES (?) RETURNING id, name", [name]);
var updatePermission = (sql, id, name) => sql.run("UPDATE permissions SET name = ? WHERE id = ?", [name, id]);
var deletePermission = (sql, id) => sql.run("DELETE FROM permissions WHERE id = ?", [id]);
var permissionNames = async (sql, ids) => ids.length ? (await sql.all(`SELECT name FROM permissions WHERE id IN (${ids.map(() => "?").join(",")})`, ids)).map((r) => r.name) : [];

// server/lib/http/list-export.ts
import { stream } from "hono/streaming";

// src/common/csv-write.ts
var CSV_BOM = "\uFEFF";
var FORMULA_START = /^[=+\-@\t\r]/;
var NEEDS_QUOTES = /[",\r\n]/;
function csvCell(value) {
  if (value === null || value === void 0) return "";
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
var csvRow = (cells) => `${cells.map(csvCell).join(",")}\r
`;

// server/db/list-rows.ts
var CHUNK = 500;
async function countVisible(tx, spec, scope, ids) {
  let seen = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const where = scope.where ? `(${scope.where}) AND ` : "";
    const row = await tx.get(
      `SELECT COUNT(*) AS n FROM ${spec.from} WHERE ${where}${spec.idCol} IN (${marks(chunk.length)})`,
      [...scope.params, ...chunk]
    );
    seen += Number(row?.n ?? 0);
  }
  return seen;
}
var deleteFrom = (table) => (tx, ids) => tx.run(`DELETE FROM ${table} WHERE id IN (${marks(ids.length)})`, ids);
async function* rowsInListOrder(sql, spec, lq, scope) {
  const cols = `${spec.idCol} AS row_id, ${spec.csv.map(([, e], i) => `${e} AS c${i}`).join(", ")}`;
  const order = orderOf(spec, lq);
  const byId = new RegExp(`^${spec.idCol.replace(".", "\\.")}( ASC| DESC)?$`).exec(order);
  if (byId) {
    const desc = byId[1] === " DESC";
    const [where, params2] = whereOf(spec, lq, scope, sql.engine);
    let last = null;
    for (; ; ) {
      const after = last === null ? "" : `${where ? " AND" : "WHERE"} ${spec.idCol} ${desc ? "<" : ">"} ?`;
      const rows = await sql.all(
        `SELECT ${cols} FROM ${spec.from} ${where}${after} ORDER BY ${order} LIMIT ${CHUNK}`,
        last === null ? params2 : [...params2, last]
      );
      if (!rows.length) return;
      yield rows;
      last = Number(rows[rows.length - 1].row_id);
    }
  }
  const ids = await matchingIds(sql, spec, lq, scope);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await sql.all(`SELECT ${cols} FROM ${spec.from} WHERE ${spec.idCol} IN (${marks(chunk.length)})`, chunk);
    const found = new Map(rows.map((r) => [Number(r.row_id), r]));
    yield chunk.map((id) => found.get(id)).filter((r) => r !== void 0);
  }
}

// server/lib/http/list-export.ts
async function csvExport(c, sql, spec, lq, scope, name) {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${name}.csv"`);
  c.header("Cache-Control", "no-store");
  const line = (r) => csvRow(spec.csv.map((_, j) => r[`c${j}`]));
  return stream(c, async (out) => {
    await out.write(CSV_BOM + csvRow(spec.csv.map(([h]) => h)));
    for await (const rows of rowsInListOrder(sql, spec, lq, scope)) await out.write(rows.map(line).join(""));
  }, async (err) => {
    log.error({ err, req_id: c.get("requestId"), path: c.req.path }, "CSV export stopped");
  });
}

// server/lib/http/list-bulk.ts
var MAX_BULK_IDS = 1e3;
var CHUNK2 = 500;
async function bulkAct(sql, spec, input, scope, act, refuse) {
  let named = null;
  if (input.ids !== void 0 && input.ids !== "") {
    named = parseIdList(input.ids);
    if (!named || !named.length) throw validationError({ ids: ["The ids must be a JSON list of ids."] });
    if (named.length > MAX_BULK_IDS) throw validationError({ ids: [`The ids may not have more than ${MAX_BULK_IDS} items.`] });
  } else if (input.all !== "1") throw validationError({ ids: ["The ids field is required when all is not 1."] });
  const lq = named ? null : readListQuery(spec, { ...input, sort: void 0, dir: void 0, per_page: void 0 });
  const reason = named && refuse?.(named);
  if (reason) throw new ApiError(409, reason);
  return sql.transaction(async (tx) => {
    let ids;
    if (named) {
      ids = named;
      if (await countVisible(tx, spec, scope, ids) < ids.length) throw notFound("Some of the selected records were");
    } else ids = await matchingIds(tx, spec, lq, scope);
    let changed = 0;
    for (let i = 0; i < ids.length; i += CHUNK2) changed += await act(tx, ids.slice(i, i + CHUNK2));
    return changed;
  });
}
var bulkDeleted = (c, n) => ok(c, { deleted: n }, `${n} records deleted.`);
function listInput(query, body = {}) {
  const out = { ...query };
  for (const [k, v] of Object.entries(body)) if (typeof v === "string") out[k] = v;
  return out;
}

// server/routes/permissions.ts
function customName(body) {
  const name = parseBody(PermissionInput, body).name.trim();
  if (isCatalogueName(name)) throw validationError({ name: ["The name has already been taken."] });
  return name;
}
async function customPermission(sql, id, verb) {
  const p = await getPermission(sql, id);
  if (!p) throw notFound("Permission");
  if (isCatalogueName(p.name)) throw forbidden(`The permission ${p.name} is built in and cannot be ${verb}.`);
  return p;
}
var permissionRoutes = new Hono3().use("*", requireUser).get("/", requireScreen("permissions", "roles"), requireAbility("permissions.view", "roles.view"), async (c) => {
  const page = c.req.query("page");
  if (page === void 0) return ok(c, await allPermissions(c.var.sql));
  return ok(c, await listPermissions(c.var.sql, pageOf(page), readListQuery(PERMISSION_LIST, c.req.query())));
}).get("/export", requireScreen("permissions"), requireAbility("permissions.view"), async (c) => csvExport(c, c.var.sql, PERMISSION_LIST, readListQuery(PERMISSION_LIST, c.req.query()), ALL, "permissions")).post("/bulk-delete", requireScreen("permissions"), requireAbility("permissions.delete"), async (c) => bulkDeleted(c, await bulkAct(c.var.sql, PERMISSION_LIST, listInput(c.req.query(), await readBody(c)), ALL, async (tx, ids) => {
  for (const id of ids) await customPermission(tx, id, "deleted");
  return deleteFrom("permissions")(tx, ids);
}))).get("/:id", requireScreen("permissions"), requireAbility("permissions.view"), async (c) => {
  const p = await getPermission(c.var.sql, toId(c.req.param("id")));
  if (!p) throw notFound("Permission");
  return ok(c, p);
}).post("/", requireScreen("permissions"), requireAbility("permissions.create"), async (c) => {
  const name = customName(await readBody(c));
  return ok(c, await createPermission(c.var.sql, name), "Permission created successfully.");
}).put("/:id", requireScreen("permissions"), requireAbility("permissions.edit"), async (c) => {
  const body = await readBody(c);
  const p = await customPermission(c.var.sql, toId(c.req.param("id")), "renamed");
  if (!await updatePermission(c.var.sql, p.id, customName(body))) throw notFound("Permission");
  return ok(c, null, "Permission updated successfully.");
}).delete("/:id", requireScreen("permissions"), requireAbility("permissions.delete"), async (c) => {
  const p = await customPermission(c.var.sql, toId(c.req.param("id")), "deleted");
  if (!await deletePermission(c.var.sql, p.id)) throw notFound("Permission");
  return ok(c, null, "Permission deleted successfully.");
});

// server/routes/campaigns.ts
import { Hono as Hono4 } from "hono";

// src/common/campaign-settings.ts
var EVENT_TYPES = ["RUNNING", "MARATHON", "SKATING"];
var TOLERANCES = ["0", ...Array.from({ length: 8 }, (_, i) => (0.3 + i * 0.05).toFixed(2).replace(/0$/, ""))];
var sponsorList = (text3) => String(text3 ?? "").split(",").map((s) => s.trim()).filter(Boolean);
var sponsorsText = (text3) => sponsorList(text3).join(", ");
var SPONSORS_MAX_LENGTH = 1e3;

// src/common/campaign-links.ts
var SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
var SUBDOMAIN_MAX_LENGTH = 63;
var isSubdomain = (value) => typeof value === "string" && value.length <= SUBDOMAIN_MAX_LENGTH && SUBDOMAIN_PATTERN.test(value);
var appLink = (base, eventName, campaignName) => `${base.replace(/\/$/, "")}/login?event_name=${encodeURIComponent(eventName)}&campaign_name=${encodeURIComponent(campaignName)}`;

// src/common/bib-range.ts
var BIB_LENGTH_MAX = 20;
var BIB_MAX_DIGITS = BIB_LENGTH_MAX;
var BIB_START_WHOLE = "The BIB start range must be a whole number.";
var BIB_END_WHOLE = "The BIB end range must be a whole number.";
var BIB_END_BELOW_START = "The BIB end range must not be below the start range.";
var BIB_LENGTH_RANGE = `The BIB length must be a whole number from 1 to ${BIB_LENGTH_MAX}.`;
var bibTooLong = (bound, digits) => `The BIB ${bound} range must have at most ${digits} digits.`;
var digitsOnly = (v) => /^\d+$/.test(v);
function bibRangeProblems(start, end, length = "") {
  const s = String(start ?? "").trim();
  const e = String(end ?? "").trim();
  const l = String(length ?? "").trim();
  const out = {};
  const n = digitsOnly(l) && l.length <= 2 ? Number(l) : NaN;
  if (l !== "" && !(n >= 1 && n <= BIB_LENGTH_MAX)) out.bib_length = BIB_LENGTH_RANGE;
  const cap = out.bib_length || l === "" ? BIB_MAX_DIGITS : n;
  const bound = (v, which) => v === "" ? void 0 : !digitsOnly(v) ? which === "start" ? BIB_START_WHOLE : BIB_END_WHOLE : v.length > cap ? bibTooLong(which, cap) : void 0;
  const sp = bound(s, "start");
  const ep = bound(e, "end");
  if (sp) out.bib_start_range = sp;
  if (ep) out.bib_end_range = ep;
  if (!sp && !ep && s !== "" && e !== "" && BigInt(e) < BigInt(s)) out.bib_end_range = BIB_END_BELOW_START;
  return out;
}

// server/lib/rules/campaign-fields.ts
var subdomain = (v, l) => typeof v === "string" && v !== "" && !isSubdomain(v) ? `The ${l} may only contain letters, numbers and dashes.` : null;
var subdomainRules = [required, maxLength(SUBDOMAIN_MAX_LENGTH), subdomain];
var httpUrl = (v, l) => typeof v === "string" && v !== "" && !/^https?:\/\/\S+$/i.test(v) ? `The ${l} must be a valid URL.` : null;
var campaignRules = {
  title: [required, minLength(4), maxLength(255)],
  description: [required, maxLength(5e3)],
  start_date: [required, date],
  end_date: [required, date],
  type: [required, oneOf(1, 2, 3, 4)],
  share_post_quote: [maxLength(1e3)],
  image_console_id: [required, maxLength(64)],
  is_sales_event: [oneOf(0, 1, 2)],
  is_dynamic_branding: [oneOf(0, 1)],
  application: [oneOf(1, 2, 3)],
  subdomain: subdomainRules,
  event_url: [httpUrl, maxLength(500)],
  friendly_url: [httpUrl, maxLength(1e3)],
  event_type: [oneOf(...EVENT_TYPES)],
  location: [maxLength(255)],
  organizer: [maxLength(255)],
  sponsors: [maxLength(SPONSORS_MAX_LENGTH)],
  primary_tolerance: [oneOf(...TOLERANCES)],
  secondary_tolerance: [oneOf(...TOLERANCES)],
  recognition_tolerance: [oneOf(...TOLERANCES)],
  payment_slab: [integer, maxLength(9)],
  date_filtering: [oneOf(0, 1)],
  is_bib_number_present: [oneOf(0, 1)],
  bib_start_range: [maxLength(64)],
  bib_end_range: [maxLength(64)],
  bib_length: [maxLength(64)],
  bib_number_prefix: [maxLength(32)],
  bib_number_suffix: [maxLength(32)]
};
var campaignLabels = {
  start_date: "start date",
  end_date: "end date",
  event_id: "event id",
  image_console_id: "image console id",
  is_sales_event: "sale event",
  is_dynamic_branding: "dynamic branding",
  share_post_quote: "share post quote",
  event_type: "event type",
  is_bib_number_present: "BIB number present",
  bib_start_range: "BIB start range",
  bib_end_range: "BIB end range",
  bib_length: "BIB length",
  bib_number_prefix: "BIB prefix",
  bib_number_suffix: "BIB suffix"
};
var num = (body, field, fallback) => str(body, field) === "" ? fallback : Number(str(body, field));
function validateCampaign(body, extra = {}) {
  validate(body, { ...campaignRules, ...extra }, campaignLabels);
  const errors = {};
  if (str(body, "end_date") < str(body, "start_date")) errors.end_date = ["The end date must be a date after or equal to start date."];
  for (const [k, m] of Object.entries(bibRangeProblems(str(body, "bib_start_range"), str(body, "bib_end_range"), str(body, "bib_length")))) errors[k] = [m];
  if (Object.keys(errors).length) throw validationError(errors);
}
function assertWithinEvent(body, event) {
  const p = campaignDatesOutsideEvent(str(body, "start_date"), str(body, "end_date"), event.start_date, event.end_date);
  const errors = {};
  if (p.start) errors.start_date = [p.start];
  if (p.end) errors.end_date = [p.end];
  if (Object.keys(errors).length) throw validationError(errors);
}
function campaignColumns(body) {
  const settings = {
    event_type: str(body, "event_type") || "RUNNING",
    location: str(body, "location").trim(),
    organizer: str(body, "organizer").trim(),
    sponsors: sponsorsText(str(body, "sponsors")),
    primary_tolerance: str(body, "primary_tolerance") || "0",
    secondary_tolerance: str(body, "secondary_tolerance") || "0",
    recognition_tolerance: str(body, "recognition_tolerance") || "0",
    payment_slab: str(body, "payment_slab") === "0" ? "" : str(body, "payment_slab"),
    date_filtering: num(body, "date_filtering", 0),
    is_bib_number_present: num(body, "is_bib_number_present", 0),
    bib_start_range: str(body, "bib_start_range").trim(),
    bib_end_range: str(body, "bib_end_range").trim(),
    bib_length: str(body, "bib_length").trim(),
    bib_number_prefix: str(body, "bib_number_prefix").trim(),
    bib_number_suffix: str(body, "bib_number_suffix").trim()
  };
  return {
    title: str(body, "title").trim(),
    description: str(body, "description"),
    start_date: str(body, "start_date"),
    end_date: str(body, "end_date"),
    type: Number(str(body, "type")),
    share_post_quote: str(body, "share_post_quote"),
    image_console_id: str(body, "image_console_id"),
    is_sales_event: num(body, "is_sales_event", 0),
    is_dynamic_branding: num(body, "is_dynamic_branding", 0),
    application: num(body, "application", 1),
    subdomain: str(body, "subdomain").toLowerCase(),
    event_url: str(body, "event_url"),
    ...settings
  };
}

// server/lib/files/images.ts
import { randomUUID } from "node:crypto";
var IMAGE_MAX_BYTES = 2 * 1024 * 1024;
var DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,/i;
function sniffImage(b) {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) return "png";
  if (b.length >= 3 && b[0] === 255 && b[1] === 216 && b[2] === 255) return "jpg";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "webp";
  return null;
}
function decodeImage(value, field) {
  if (value == null || typeof value === "string" && value.trim() === "") return null;
  const label2 = field.replaceAll("_", " ");
  const fail2 = (m) => validationError({ [field]: [m] });
  if (typeof value !== "string") throw fail2(`The ${label2} must be an image sent as a data URL.`);
  const head = DATA_URL.exec(value);
  if (!head) throw fail2(`The ${label2} must be an image sent as a data URL.`);
  const payload = value.slice(head[0].length).replace(/\s+/g, "");
  if (payload.length > Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4) throw fail2(`The ${label2} may not be greater than 2 MB.`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) throw fail2(`The ${label2} must be an image sent as a data URL.`);
  const bytes = Buffer.from(payload, "base64");
  if (bytes.length > IMAGE_MAX_BYTES) throw fail2(`The ${label2} may not be greater than 2 MB.`);
  const ext = sniffImage(bytes);
  if (!ext) throw fail2(`The ${label2} must be a PNG, JPEG or WebP image.`);
  return { bytes, ext };
}
async function storeImage(files, image, folder) {
  if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`storeImage: bad folder ${folder}`);
  const key = `${folder}/${randomUUID()}.${image.ext}`;
  await files.put(key, image.bytes);
  return `/uploads/${key}`;
}
async function removeStoredImage(files, ...urls) {
  const keys = urls.map(keyOfUrl).filter((k) => k !== null);
  if (keys.length) await files.remove(keys);
}
async function removeLeftovers(files, urls) {
  try {
    await removeStoredImage(files, ...urls);
  } catch (err) {
    log.error({ err }, "removing stored images failed");
  }
}

// server/db/queries/storage.ts
var MB = 1024 * 1024;
var USED = `SELECT
  (SELECT COALESCE(SUM(e.logo_bytes), 0) FROM events e WHERE e.company_id = ?)
  + (SELECT COALESCE(SUM(c.logo_bytes), 0) FROM campaigns c JOIN events e ON e.id = c.event_id WHERE e.company_id = ?)
  + (SELECT COALESCE(SUM(t.image_bytes + length(t.template_json)), 0) FROM templates t JOIN campaigns c ON c.id = t.campaign_id JOIN events e ON e.id = c.event_id WHERE e.company_id = ?)
  + (SELECT COALESCE(SUM(length(r.payload) + COALESCE(length(r.bib_filter), 0)), 0) FROM recognition_events r WHERE r.company_id = ?) AS used`;
async function storageUsed(sql, companyId) {
  const row = await sql.get(USED, [companyId, companyId, companyId, companyId]);
  return Number(row?.used ?? 0);
}
async function storageQuotaMb(sql, companyId) {
  const row = await sql.get("SELECT storage_quota_mb AS q FROM companies WHERE id = ?", [companyId]);
  return row ? Number(row.q) : void 0;
}
async function storageOf(sql, companyId) {
  const quota2 = await storageQuotaMb(sql, companyId);
  return quota2 === void 0 ? void 0 : { used: await storageUsed(sql, companyId), limit: quota2 * MB };
}
var lockOrganiser = (tx, companyId) => tx.run("UPDATE companies SET storage_quota_mb = storage_quota_mb WHERE id = ?", [companyId]);
var IMAGE_COLUMN = { event: "events SET logo_bytes", campaign: "campaigns SET logo_bytes", template: "templates SET image_bytes" };
var recordImageBytes = (tx, what, id, bytes) => tx.run(`UPDATE ${IMAGE_COLUMN[what]} = ? WHERE id = ?`, [bytes, id]);

// src/common/storage.ts
var DEFAULT_QUOTA_MB = 2048;
var MAX_QUOTA_MB = 1024 * 1024;
var QUOTA_MESSAGE = `The storage quota must be a whole number of MB from 1 to ${MAX_QUOTA_MB.toLocaleString("en-US")}.`;
function quotaProblem(value) {
  const v = value.trim();
  return v.length <= 8 && /^[0-9]+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_QUOTA_MB ? null : QUOTA_MESSAGE;
}
function formatBytes(bytes) {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let v = Math.max(0, bytes), u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  const shown2 = u === 0 ? String(Math.round(v)) : String(Math.round(v * 10) / 10);
  return `${shown2} ${units[u]}`;
}
var quotaFullMessage = (used, limit) => `Not enough storage: this organizer has ${formatBytes(Math.max(0, limit - used))} left of its ${formatBytes(limit)}. Delete templates or logos to make room.`;

// server/lib/files/quota.ts
async function withinQuota(tx, companyId, field, write) {
  if (companyId === null) return write();
  await lockOrganiser(tx, companyId);
  const before = await storageUsed(tx, companyId);
  const result = await write();
  const after = await storageUsed(tx, companyId);
  const limit = (await storageQuotaMb(tx, companyId) ?? Infinity) * MB;
  if (after > before && after > limit) {
    const message = quotaFullMessage(before, limit);
    throw new ApiError(422, message, { [field]: [message] });
  }
  return result;
}

// server/db/queries/leftovers.ts
var CAMPAIGNS = {
  organiser: "SELECT c.id FROM campaigns c JOIN events e ON e.id = c.event_id WHERE e.company_id = ?",
  event: "SELECT id FROM campaigns WHERE event_id = ?",
  campaign: "SELECT CAST(? AS INTEGER)"
};
var EVENTS = { organiser: "SELECT id FROM events WHERE company_id = ?", event: "SELECT CAST(? AS INTEGER)" };
async function deleteImpact(sql, s) {
  const parts = {};
  if (s.kind === "organiser") {
    parts.events = "SELECT COUNT(*) FROM events WHERE company_id = ?";
    parts.bookings = "SELECT COUNT(*) FROM bookings WHERE company_id = ?";
    parts.users = "SELECT COUNT(*) FROM users WHERE company_id = ?";
  }
  if (s.kind !== "campaign") {
    parts.campaigns = `SELECT COUNT(*) FROM campaigns WHERE event_id IN (${EVENTS[s.kind]})`;
    parts.photos = `SELECT COUNT(*) FROM event_photos WHERE event_id IN (${EVENTS[s.kind]})`;
  }
  parts.templates = `SELECT COUNT(*) FROM templates WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`;
  parts.videos = `SELECT COUNT(*) FROM participant_videos WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`;
  parts.conference_users = `SELECT COUNT(*) FROM conference_users WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`;
  const names2 = Object.keys(parts);
  const row = await sql.get(
    `SELECT ${names2.map((n) => `(${parts[n]}) AS ${n}`).join(", ")}`,
    names2.map(() => s.id)
  );
  return Object.fromEntries(names2.map((n) => [n, Number(row?.[n] ?? 0)]));
}
async function storedImagesOf(sql, s) {
  const selects = [
    `SELECT path AS url FROM templates WHERE campaign_id IN (${CAMPAIGNS[s.kind]})`,
    `SELECT logo AS url FROM campaigns WHERE id IN (${CAMPAIGNS[s.kind]})`
  ];
  if (s.kind !== "campaign") selects.push(`SELECT logo AS url FROM events WHERE id IN (${EVENTS[s.kind]})`);
  if (s.kind === "organiser") selects.push("SELECT image AS url FROM users WHERE company_id = ?");
  const rows = await sql.all(selects.join(" UNION ALL "), selects.map(() => s.id));
  return rows.map((r) => r.url).filter((u) => u.startsWith("/uploads/"));
}
async function deleteCollectingImages(tx, kind, ids, remove2) {
  const urls = [];
  for (const id of ids) {
    urls.push(...await storedImagesOf(tx, { kind, id }));
    await remove2(tx, id);
  }
  return urls;
}

// server/db/queries/campaigns.ts
var SETTINGS = [
  "event_type",
  "location",
  "organizer",
  "sponsors",
  "primary_tolerance",
  "secondary_tolerance",
  "recognition_tolerance",
  "payment_slab",
  "date_filtering",
  "is_bib_number_present",
  "bib_start_range",
  "bib_end_range",
  "bib_length",
  "bib_number_prefix",
  "bib_number_suffix"
];
var COLUMNS = `c.id, c.event_id, c.title, c.description, c.logo, c.start_date, c.end_date, c.type, c.share_post_quote,
  c.image_console_id, c.is_sales_event, c.is_dynamic_branding, c.application, c.subdomain, c.event_url, c.friendly_url`;
var DETAIL_COLUMNS = `${COLUMNS}, ${SETTINGS.map((k) => `c.${k}`).join(", ")}`;
var eventOwner = (sql, eventId) => sql.get(
  "SELECT id, company_id, title, start_date, end_date FROM events WHERE id = ?",
  [eventId]
);
var campaignScope = (sql, campaignId) => sql.get(
  `SELECT c.id, c.event_id, e.company_id, c.type, c.title, e.title AS event_title
     FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id = ?`,
  [campaignId]
);
var CAMPAIGN_LIST = {
  from: "campaigns c",
  idCol: "c.id",
  columns: COLUMNS,
  search: ["c.title"],
  sort: { id: "c.id", title: "lower(c.title)", start_date: "c.start_date", end_date: "c.end_date", type: "c.type" },
  defaultOrder: "c.id",
  filters: { type: { values: ["1", "2", "3", "4"], where: "c.type = ?", param: Number } },
  csv: [["id", "c.id"], ["title", "c.title"], ["start_date", "c.start_date"], ["end_date", "c.end_date"], ["type", "c.type"]]
};
async function listCampaigns(sql, eventId, lq = PLAIN) {
  const [where, params2] = whereOf(CAMPAIGN_LIST, lq, { where: "c.event_id = ?", params: [eventId] }, sql.engine);
  return sql.all(`SELECT ${COLUMNS} FROM campaigns c ${where} ORDER BY ${orderOf(CAMPAIGN_LIST, lq)}`, params2);
}
async function getCampaign(sql, id) {
  const row = await sql.get(
    `SELECT ${DETAIL_COLUMNS}, e.title AS event_title FROM campaigns c JOIN events e ON e.id = c.event_id WHERE c.id = ?`,
    [id]
  );
  if (!row) return void 0;
  const templates = await sql.all("SELECT id, path FROM templates WHERE campaign_id = ? ORDER BY id", [id]);
  return { ...row, templates };
}
async function subdomainTaken(sql, subdomain2, exceptId = 0) {
  const row = await sql.get("SELECT COUNT(*) AS n FROM campaigns WHERE lower(subdomain) = lower(?) AND id <> ?", [subdomain2, exceptId]);
  return Number(row?.n ?? 0) > 0;
}
async function insertCampaign(sql, c) {
  const row = await sql.get(
    `INSERT INTO campaigns (event_id, title, description, logo, start_date, end_date, type, share_post_quote, image_console_id,
       is_sales_event, is_dynamic_branding, application, subdomain, event_url, friendly_url, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      c.event_id,
      c.title,
      c.description,
      c.logo,
      c.start_date,
      c.end_date,
      c.type,
      c.share_post_quote,
      c.image_console_id,
      c.is_sales_event,
      c.is_dynamic_branding,
      c.application,
      c.subdomain,
      c.event_url,
      c.friendly_url,
      Date.now()
    ]
  );
  const settings = SETTINGS.filter((k) => c[k] !== void 0);
  if (settings.length) await sql.run(`UPDATE campaigns SET ${settings.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`, [...settings.map((k) => c[k]), row.id]);
  return row.id;
}
var CHANGE_COLUMNS = [
  "title",
  "description",
  "logo",
  "start_date",
  "end_date",
  "type",
  "share_post_quote",
  "image_console_id",
  "is_sales_event",
  "is_dynamic_branding",
  "application",
  "subdomain",
  "event_url",
  "friendly_url",
  ...SETTINGS
];
var updateCampaign = async (sql, id, c) => await sql.run(`UPDATE campaigns SET ${CHANGE_COLUMNS.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`, [...CHANGE_COLUMNS.map((k) => c[k]), id]) > 0;
var deleteCampaign = (sql, id) => sql.run("DELETE FROM campaigns WHERE id = ?", [id]);
var eventsOfCompany = (sql, email2) => sql.all(
  `SELECT e.id, e.company_id, e.title, e.start_date, e.end_date FROM events e JOIN companies c ON c.id = e.company_id
     WHERE lower(c.email) = lower(?) ORDER BY e.id`,
  [email2]
);

// server/db/queries/events.ts
var COLS = "id, title, description, start_date, end_date, company_id AS organizer_id, logo";
var today = () => (/* @__PURE__ */ new Date()).toISOString().slice(0, 10);
var EVENT_LIST = {
  from: "events",
  idCol: "id",
  columns: COLS,
  search: ["title"],
  sort: { id: "id", title: "lower(title)", start_date: "start_date", end_date: "end_date" },
  defaultOrder: "start_date DESC, id DESC",
  filters: { when: { values: ["upcoming", "past"], where: (v) => [v === "upcoming" ? "end_date >= ?" : "end_date < ?", [today()]] } },
  csv: [["id", "id"], ["title", "title"], ["start_date", "start_date"], ["end_date", "end_date"]]
};
var eventScope = (companyId) => ({ where: "company_id = ?", params: [companyId] });
var listEvents = (sql, companyId, page, lq, perPage = 10) => listPage(sql, EVENT_LIST, lq, eventScope(companyId), page, perPage);
var getEvent = (sql, id) => sql.get(`SELECT ${COLS} FROM events WHERE id = ?`, [id]);
var createEvent = async (sql, e) => (await sql.get(
  "INSERT INTO events (company_id, title, description, start_date, end_date, logo, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
  [e.organizer_id, e.title, e.description, e.start_date, e.end_date, e.logo, Date.now()]
)).id;
var updateEvent = (sql, id, e) => sql.run(
  "UPDATE events SET title = ?, description = ?, start_date = ?, end_date = ?, logo = ? WHERE id = ?",
  [e.title, e.description, e.start_date, e.end_date, e.logo, id]
);
var deleteEvent = (sql, id) => sql.run("DELETE FROM events WHERE id = ?", [id]);

// server/middleware/scope.ts
async function eventInScope(sql, user, eventId) {
  const event = Number.isInteger(eventId) ? await getEvent(sql, eventId) : void 0;
  if (!event) throw notFound("Event");
  await assertOrganiserAccess(sql, user, event.organizer_id);
  return event;
}
async function campaignInScope(sql, user, campaignId) {
  const scope = Number.isInteger(campaignId) ? await campaignScope(sql, campaignId) : void 0;
  if (!scope) throw notFound("Campaign");
  await assertOrganiserAccess(sql, user, scope.company_id);
  return scope;
}

// server/routes/campaigns.ts
var campaignRoutes = new Hono4().use("/campaign", requireUser).use("/campaign/*", requireUser).use("/getCampaigns", requireUser).use("/getCampaignDetailById", requireUser).use("/deleteCampaign", requireUser).get("/campaign/subdomain-available", async (c) => {
  const query = { event_id: c.req.query("event_id") ?? "", subdomain: c.req.query("subdomain") ?? "", campaign_id: c.req.query("campaign_id") ?? "" };
  validate(query, { event_id: [required, recordId], subdomain: subdomainRules, campaign_id: [recordId] }, campaignLabels);
  const event = await eventOwner(c.var.sql, toId(query.event_id));
  if (!event) throw notFound("Event");
  await assertOrganiserAccess(c.var.sql, c.var.user, event.company_id);
  const own = query.campaign_id === "" ? 0 : (await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id))).id;
  const taken = await subdomainTaken(c.var.sql, query.subdomain, own);
  return ok(c, { subdomain: query.subdomain.toLowerCase(), available: !taken });
}).post("/campaign", async (c) => {
  const sql = c.var.sql;
  const body = await readBody(c);
  validateCampaign(body, { event_id: [required, recordId] });
  const event = await eventOwner(sql, toId(str(body, "event_id")));
  if (!event) throw notFound("Event");
  await assertOrganiserAccess(sql, c.var.user, event.company_id);
  assertWithinEvent(body, event);
  const logo = decodeImage(body.logo, "logo");
  if (await subdomainTaken(sql, str(body, "subdomain"))) throw validationError({ subdomain: ["The subdomain has already been taken."] });
  const files = c.var.files;
  const url = logo ? await storeImage(files, logo, "campaigns") : "";
  try {
    const id = await sql.transaction(async (tx) => {
      if (await subdomainTaken(tx, str(body, "subdomain"))) throw validationError({ subdomain: ["The subdomain has already been taken."] });
      return withinQuota(tx, event.company_id, "logo", async () => {
        const id2 = await insertCampaign(tx, {
          ...campaignColumns(body),
          event_id: event.id,
          logo: url,
          friendly_url: str(body, "friendly_url") || appLink(c.var.config.clientAppUrl, event.title, str(body, "title").trim())
        });
        if (logo) await recordImageBytes(tx, "campaign", id2, logo.bytes.length);
        return id2;
      });
    });
    return ok(c, { id }, "Campaign created successfully.");
  } catch (err) {
    await removeStoredImage(files, url);
    throw err;
  }
}).put("/campaign/:id", async (c) => {
  const sql = c.var.sql;
  const scope = await campaignInScope(sql, c.var.user, toId(c.req.param("id")));
  const body = await readBody(c);
  validateCampaign(body);
  const event = await eventOwner(sql, scope.event_id);
  if (!event) throw notFound("Event");
  assertWithinEvent(body, event);
  const logo = decodeImage(body.logo, "logo");
  const subdomain2 = str(body, "subdomain");
  if (await subdomainTaken(sql, subdomain2, scope.id)) throw validationError({ subdomain: ["The subdomain has already been taken."] });
  const files = c.var.files;
  const url = logo ? await storeImage(files, logo, "campaigns") : "";
  let old = "";
  try {
    await sql.transaction(async (tx) => {
      if (await subdomainTaken(tx, subdomain2, scope.id)) throw validationError({ subdomain: ["The subdomain has already been taken."] });
      const current = await getCampaign(tx, scope.id);
      if (!current) throw notFound("Campaign");
      old = url ? current.logo : "";
      const made = current.friendly_url === appLink(c.var.config.clientAppUrl, current.event_title, current.title);
      const columns = campaignColumns(body);
      const friendly = made ? appLink(c.var.config.clientAppUrl, current.event_title, columns.title) : current.friendly_url;
      await withinQuota(tx, scope.company_id, "logo", async () => {
        await updateCampaign(tx, scope.id, { ...columns, logo: url || current.logo, friendly_url: friendly });
        if (logo) await recordImageBytes(tx, "campaign", scope.id, logo.bytes.length);
      });
    });
  } catch (err) {
    await removeStoredImage(files, url);
    throw err;
  }
  await removeLeftovers(files, [old]);
  return ok(c, await getCampaign(sql, scope.id), "Campaign updated successfully.");
}).get("/getCampaigns", async (c) => {
  const event = await eventOwner(c.var.sql, requiredId(c.req.query("event_id"), "event_id"));
  if (!event) throw notFound("Event");
  await assertOrganiserAccess(c.var.sql, c.var.user, event.company_id);
  return ok(c, await listCampaigns(c.var.sql, event.id, readListQuery(CAMPAIGN_LIST, c.req.query())));
}).get("/getCampaignDetailById", async (c) => {
  const scope = await campaignInScope(c.var.sql, c.var.user, toId(c.req.query("campaign_id")));
  return ok(c, await getCampaign(c.var.sql, scope.id));
}).on(["PUT", "POST"], "/deleteCampaign", async (c) => {
  const body = await readBody(c);
  validate(body, { campaign_id: [required, recordId] }, { campaign_id: "campaign id" });
  const scope = await campaignInScope(c.var.sql, c.var.user, toId(str(body, "campaign_id")));
  const images = await c.var.sql.transaction((tx) => deleteCollectingImages(tx, "campaign", [scope.id], deleteCampaign));
  await removeLeftovers(c.var.files, images);
  return ok(c, null, "Campaign deleted successfully");
});

// server/routes/templates.ts
import { Hono as Hono5 } from "hono";

// server/db/queries/templates.ts
async function insertTemplate(sql, t) {
  const row = await sql.get(
    `INSERT INTO templates (campaign_id, path, template_json, x, y, width, height, template_width, template_height, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [t.campaign_id, t.path, t.template_json, t.x, t.y, t.width, t.height, t.template_width, t.template_height, Date.now()]
  );
  return row.id;
}
var templateOwner = (sql, id) => sql.get("SELECT id, campaign_id, path FROM templates WHERE id = ?", [id]);
var getTemplate = (sql, id) => sql.get(
  "SELECT id, campaign_id, path, template_json, x, y, width, height, template_width, template_height FROM templates WHERE id = ?",
  [id]
);
var updateTemplateArea = (sql, id, t) => sql.run("UPDATE templates SET template_json = ?, x = ?, y = ?, width = ?, height = ? WHERE id = ?", [t.template_json, t.x, t.y, t.width, t.height, id]);
var deleteTemplate = (sql, id) => sql.run("DELETE FROM templates WHERE id = ?", [id]);
var campaignLinks = (sql, campaignId) => sql.get("SELECT event_url, friendly_url FROM campaigns WHERE id = ?", [campaignId]);

// server/routes/templates.ts
var json = (v, l) => {
  if (v === void 0 || v === "") return null;
  try {
    JSON.parse(String(v));
    return null;
  } catch {
    return `The ${l} must be valid JSON.`;
  }
};
var POSITION = ["x", "y", "width", "height", "template_width", "template_height"];
var positionLabels = { campaign_id: "campaign id", template_json: "template json", template_width: "template width", template_height: "template height" };
var checkArea = ([x, y, width, height, tw, th]) => {
  if (width <= 0 || height <= 0 || x < 0 || y < 0 || tw <= 0 || th <= 0 || x + width > tw + 0.5 || y + height > th + 0.5) {
    throw validationError({ x: ["The transparent area must lie inside the template image."] });
  }
};
var templateInScope = async (c) => {
  const template = await getTemplate(c.var.sql, toId(c.req.param("id")));
  if (!template) throw notFound("Template");
  await campaignInScope(c.var.sql, c.var.user, template.campaign_id);
  return template;
};
var templateRoutes = new Hono5().use("/template", requireUser).use("/template/*", requireUser).post("/template", async (c) => {
  const sql = c.var.sql;
  const body = await readBody(c);
  validate(body, {
    campaign_id: [required, recordId],
    image: [required],
    template_json: [json, maxLength(2e4)],
    ...Object.fromEntries(POSITION.map((f) => [f, [required, numeric]]))
  }, positionLabels);
  const [x, y, width, height, tw, th] = POSITION.map((f) => Number(str(body, f)));
  checkArea([x, y, width, height, tw, th]);
  const scope = await campaignInScope(sql, c.var.user, toId(str(body, "campaign_id")));
  if (scope.type !== 1) throw validationError({ campaign_id: ["Templates can only be added to image campaigns."] });
  const image = decodeImage(body.image, "image");
  if (!image) throw validationError({ image: ["The image field is required."] });
  const files = c.var.files;
  const path6 = await storeImage(files, image, "templates");
  try {
    const id = await sql.transaction((tx) => withinQuota(tx, scope.company_id, "image", async () => {
      const id2 = await insertTemplate(tx, {
        campaign_id: scope.id,
        path: path6,
        template_json: str(body, "template_json") || "{}",
        x,
        y,
        width,
        height,
        template_width: tw,
        template_height: th
      });
      await recordImageBytes(tx, "template", id2, image.bytes.length);
      return id2;
    }));
    const links = await campaignLinks(sql, scope.id);
    return ok(c, { id, path: path6, event_url: links?.event_url ?? "", campaign_url: links?.friendly_url ?? "" }, "Template saved successfully.");
  } catch (err) {
    await removeStoredImage(files, path6);
    throw err;
  }
}).get("/template/:id", async (c) => ok(c, await templateInScope(c))).put("/template/:id", async (c) => {
  const template = await templateInScope(c);
  const body = await readBody(c);
  validate(body, { template_json: [json, maxLength(2e4)], ...Object.fromEntries(POSITION.slice(0, 4).map((f) => [f, [required, numeric]])) }, positionLabels);
  const [x, y, width, height] = POSITION.slice(0, 4).map((f) => Number(str(body, f)));
  checkArea([x, y, width, height, template.template_width, template.template_height]);
  const { company_id } = await campaignInScope(c.var.sql, c.var.user, template.campaign_id);
  await c.var.sql.transaction((tx) => withinQuota(tx, company_id, "template_json", () => updateTemplateArea(tx, template.id, { template_json: str(body, "template_json") || template.template_json, x, y, width, height })));
  return ok(c, await getTemplate(c.var.sql, template.id), "Template saved successfully.");
}).delete("/template/:id", async (c) => {
  const sql = c.var.sql;
  const template = await templateOwner(sql, toId(c.req.param("id")));
  if (!template) throw notFound("Template");
  await campaignInScope(sql, c.var.user, template.campaign_id);
  await sql.transaction((tx) => deleteTemplate(tx, template.id));
  await removeLeftovers(c.var.files, [template.path]);
  return ok(c, null, "Template deleted successfully");
});

// server/routes/participant-videos.ts
import { Hono as Hono6 } from "hono";

// server/db/queries/participant-videos.ts
var VIDEO_STATUS = { pending: 1, live: 2, rejected: 3, accepted: 4 };
var VIDEO_LIST = {
  from: "participant_videos",
  idCol: "id",
  columns: "id, id AS participant_video_id, name, age, district, school_name, dropbox_shareable_link, video_url, status",
  search: ["name"],
  sort: { id: "id", name: "lower(name)", age: "age", district: "lower(district)", school_name: "lower(school_name)" },
  defaultOrder: "id",
  csv: [
    ["id", "id"],
    ["name", "name"],
    ["age", "age"],
    ["district", "district"],
    ["school_name", "school_name"],
    ["dropbox_shareable_link", "dropbox_shareable_link"],
    ["video_url", "video_url"],
    ["status", "status"]
  ]
};
var videoScope = (campaignId, status) => ({ where: "campaign_id = ? AND status = ?", params: [campaignId, status] });
var listVideos = (sql, campaignId, status, page, lq, perPage) => listPage(sql, VIDEO_LIST, lq, videoScope(campaignId, status), page, perPage);
async function videoCounts(sql, campaignId) {
  const rows = await sql.all("SELECT status, COUNT(*) AS n FROM participant_videos WHERE campaign_id = ? GROUP BY status", [campaignId]);
  const out = { 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const r of rows) if (Number(r.status) in out) out[Number(r.status)] = Number(r.n);
  return out;
}
var getVideo = (sql, id) => sql.get(`SELECT ${VIDEO_LIST.columns}, campaign_id FROM participant_videos WHERE id = ?`, [id]);
var videoOwner = (sql, id) => sql.get("SELECT id, campaign_id, status FROM participant_videos WHERE id = ?", [id]);
var setVideoStatus = (sql, id, status) => sql.run("UPDATE participant_videos SET status = ? WHERE id = ?", [status, id]);
async function insertVideo(sql, v) {
  const row = await sql.get(
    `INSERT INTO participant_videos (campaign_id, name, age, district, school_name, dropbox_shareable_link, video_url, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [v.campaign_id, v.name, v.age, v.district, v.school_name, v.dropbox_shareable_link, v.video_url, v.status, Date.now()]
  );
  return row.id;
}
var setVideoStatuses = (tx, ids, status, keep) => tx.run(`UPDATE participant_videos SET status = ? WHERE id IN (${ids.map(() => "?").join(",")}) AND status <> ?`, [status, ...ids, keep]);

// server/routes/participant-videos.ts
async function listOf(sql, user, input) {
  const v = { campaign_id: input.campaign_id ?? "", status: input.status ?? "" };
  validate(v, { campaign_id: [required, recordId], status: [required, oneOf(1, 2, 3, 4)] }, { campaign_id: "campaign id" });
  return { scope: await campaignInScope(sql, user, toId(v.campaign_id)), status: Number(v.status) };
}
var PAGE_SIZE = 5;
var participantVideoRoutes = new Hono6().use("/getAllParticipantVideos", requireUser).use("/updateParticipantVideo", requireUser).use("/getAllParticipantVideos/*", requireUser).use("/participantVideo/*", requireUser).get("/getAllParticipantVideos/counts", async (c) => {
  const query = { campaign_id: c.req.query("campaign_id") ?? "" };
  validate(query, { campaign_id: [required, recordId] }, { campaign_id: "campaign id" });
  const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
  return ok(c, await videoCounts(c.var.sql, scope.id));
}).get("/participantVideo/:id", async (c) => {
  const found = await getVideo(c.var.sql, toId(c.req.param("id")));
  if (!found) throw notFound("Video");
  await campaignInScope(c.var.sql, c.var.user, found.campaign_id);
  const { campaign_id: _campaign, ...video } = found;
  return ok(c, video);
}).get("/getAllParticipantVideos", async (c) => {
  const query = { campaign_id: c.req.query("campaign_id") ?? "", status: c.req.query("status") ?? "" };
  validate(query, { campaign_id: [required, recordId], status: [required, oneOf(1, 2, 3, 4)] }, { campaign_id: "campaign id" });
  const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
  const lq = readListQuery(VIDEO_LIST, c.req.query());
  return ok(c, await listVideos(c.var.sql, scope.id, Number(query.status), pageOf(c.req.query("page")), lq, pageCountOf(c.req.query("pageCount"), PAGE_SIZE)));
}).get("/getAllParticipantVideos/export", async (c) => {
  const lq = readListQuery(VIDEO_LIST, c.req.query());
  const { scope, status } = await listOf(c.var.sql, c.var.user, c.req.query());
  return csvExport(c, c.var.sql, VIDEO_LIST, lq, videoScope(scope.id, status), "videos");
}).post("/getAllParticipantVideos/bulk-status", async (c) => {
  const { status: next, ...body } = await readBody(c);
  const input = listInput(c.req.query(), body);
  const campaign2 = await campaignInScope(c.var.sql, c.var.user, toId(input.campaign_id ?? ""));
  validate({ status: next }, { status: [required, oneOf(VIDEO_STATUS.rejected, VIDEO_STATUS.accepted)] });
  const listed = input.all === "1" ? await listOf(c.var.sql, c.var.user, input) : null;
  const scope = listed ? videoScope(campaign2.id, listed.status) : { where: "campaign_id = ?", params: [campaign2.id] };
  const status = Number(next);
  const live = VIDEO_STATUS.live;
  const n = await bulkAct(
    c.var.sql,
    VIDEO_LIST,
    { ...input, status: void 0 },
    listed ? { where: `${scope.where} AND status <> ?`, params: [...scope.params, live] } : scope,
    async (tx, ids) => {
      const changed = await setVideoStatuses(tx, ids, status, live);
      if (changed < ids.length) throw new ApiError(409, "A live video cannot be accepted or rejected.");
      return changed;
    }
  );
  return ok(c, { updated: n }, `${n} videos ${status === VIDEO_STATUS.accepted ? "accepted" : "rejected"}.`);
}).post("/updateParticipantVideo", async (c) => {
  const sql = c.var.sql;
  const body = await readBody(c);
  validate(body, { id: [required, recordId], status: [required, oneOf(VIDEO_STATUS.rejected, VIDEO_STATUS.accepted)] });
  const video = await videoOwner(sql, toId(str(body, "id")));
  if (!video) throw notFound("Video");
  await campaignInScope(sql, c.var.user, video.campaign_id);
  if (!c.var.user.isCompany && !c.var.user.abilities.has("videos.moderate")) throw new ApiError(403, "You do not have the permission to moderate videos.");
  if (video.status === VIDEO_STATUS.live) throw new ApiError(409, "A live video cannot be accepted or rejected.");
  const status = Number(str(body, "status"));
  await sql.transaction((tx) => setVideoStatus(tx, video.id, status));
  return ok(c, { id: video.id, status }, status === VIDEO_STATUS.accepted ? "Video accepted successfully" : "Video rejected successfully");
});

// server/routes/conference-users.ts
import { Hono as Hono7 } from "hono";

// server/db/queries/conference-users.ts
var ATTENDEE = "attende";
var SPEAKER = "speaker";
var CONFERENCE_USER_LIST = {
  from: "conference_users",
  idCol: "id",
  columns: "id, name, email, type, campaign_id, user_id",
  search: ["name"],
  sort: { id: "id", name: "lower(name)", email: "lower(email)", type: "type" },
  defaultOrder: "id",
  csv: [["id", "id"], ["name", "name"], ["email", "email"], ["type", "type"]]
};
var conferenceScope = (campaignId) => ({ where: "campaign_id = ?", params: [campaignId] });
var listConferenceUsers = (sql, campaignId, page, lq, perPage) => listPage(sql, CONFERENCE_USER_LIST, lq, conferenceScope(campaignId), page, perPage);
var getConferenceUser = (sql, campaignId, userId) => sql.get("SELECT id, name, email, type, campaign_id, user_id FROM conference_users WHERE campaign_id = ? AND user_id = ?", [campaignId, userId]);
var makeSpeaker = (sql, campaignId, userId) => sql.run("UPDATE conference_users SET type = ? WHERE campaign_id = ? AND user_id = ? AND type = ?", [SPEAKER, campaignId, userId, ATTENDEE]);
var insertConferenceUser = (sql, u) => sql.run(
  "INSERT INTO conference_users (campaign_id, user_id, name, email, type) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
  [u.campaign_id, u.user_id, u.name, u.email, u.type]
);

// server/routes/conference-users.ts
var PAGE_SIZE2 = 5;
var conferenceUserRoutes = new Hono7().use("/getAllConferenceUSers", requireUser).use("/updateParticipantType", requireUser).use("/getAllConferenceUSers/*", requireUser).get("/getAllConferenceUSers", async (c) => {
  const query = { campaign_id: c.req.query("campaign_id") ?? "", type: c.req.query("type") ?? "" };
  validate(query, { campaign_id: [required, recordId], type: [oneOf(2)] }, { campaign_id: "campaign id" });
  const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
  const lq = readListQuery(CONFERENCE_USER_LIST, c.req.query());
  return ok(c, await listConferenceUsers(c.var.sql, scope.id, pageOf(c.req.query("page")), lq, pageCountOf(c.req.query("pageCount"), PAGE_SIZE2)));
}).get("/getAllConferenceUSers/export", async (c) => {
  const lq = readListQuery(CONFERENCE_USER_LIST, c.req.query());
  const query = { campaign_id: c.req.query("campaign_id") ?? "" };
  validate(query, { campaign_id: [required, recordId] }, { campaign_id: "campaign id" });
  const scope = await campaignInScope(c.var.sql, c.var.user, toId(query.campaign_id));
  return csvExport(c, c.var.sql, CONFERENCE_USER_LIST, lq, conferenceScope(scope.id), "conference-users");
}).post("/updateParticipantType", async (c) => {
  const sql = c.var.sql;
  const body = await readBody(c);
  validate(body, { campaign_id: [required, recordId], user_id: [required, recordId] }, { campaign_id: "campaign id", user_id: "user id" });
  const scope = await campaignInScope(sql, c.var.user, toId(str(body, "campaign_id")));
  const user = await getConferenceUser(sql, scope.id, toId(str(body, "user_id")));
  if (!user) throw notFound("Conference user");
  if (user.type !== ATTENDEE) throw new ApiError(409, "This user is already a speaker.");
  await sql.transaction((tx) => makeSpeaker(tx, scope.id, user.user_id));
  return ok(c, { ...user, type: SPEAKER }, "Converted to speaker successfully");
});

// server/routes/bookings.ts
import { Hono as Hono8 } from "hono";

// server/db/queries/bookings.ts
var BOOKING_STATUS = { 0: "Requested", 1: "Allowed", 2: "Rejected" };
var COLS2 = "id, company_id, date, token, status, name, email, phone";
var toBooking = (r) => {
  const status = BOOKING_STATUS[Number(r.status)] ?? "Requested";
  return { id: r.id, date: r.date, token: status === "Allowed" ? r.token : null, status, user: { name: r.name, email: r.email, phone: r.phone } };
};
var STATUS_CODE = { 0: 0, 1: 1, 2: 2, Requested: 0, Allowed: 1, Rejected: 2 };
var BOOKING_LIST = {
  from: "bookings",
  idCol: "id",
  columns: COLS2,
  search: ["name", "email"],
  sort: { id: "id", date: "date", name: "lower(name)", email: "lower(email)", status: "status" },
  defaultOrder: "date DESC, id DESC",
  filters: { status: { values: Object.keys(STATUS_CODE), where: "status = ?", param: (v) => STATUS_CODE[v] } },
  csv: [
    ["id", "id"],
    ["date", "date"],
    ["name", "name"],
    ["email", "email"],
    ["phone", "phone"],
    ["status", "CASE status WHEN 1 THEN 'Allowed' WHEN 2 THEN 'Rejected' ELSE 'Requested' END"],
    ["token", "CASE status WHEN 1 THEN token ELSE '' END"]
  ]
};
var bookingScope = (companyId) => ({ where: "company_id = ?", params: [companyId] });
async function listBookings(sql, companyId, page, lq, perPage = 10) {
  const p = await listPage(sql, BOOKING_LIST, lq, bookingScope(companyId), page, perPage);
  return { ...p, data: p.data.map(toBooking) };
}
async function getBooking(sql, id) {
  const r = await sql.get(`SELECT ${COLS2} FROM bookings WHERE id = ?`, [id]);
  return r && { companyId: Number(r.company_id), booking: toBooking(r) };
}
var answerBooking = async (sql, id, status, token) => await sql.run("UPDATE bookings SET status = ?, token = ? WHERE id = ? AND status = 0", [status, token, id]) > 0;
var insertBooking = async (sql, b) => (await sql.get(
  "INSERT INTO bookings (company_id, date, name, email, phone, token, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  [b.companyId, b.date, b.name, b.email, b.phone, b.token, b.status, Date.now()]
)).id;

// server/lib/auth/booking-token.ts
import { randomBytes as randomBytes4 } from "node:crypto";
var ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
var newBookingToken = () => [...randomBytes4(8)].map((b) => ALPHABET[b % ALPHABET.length]).join("");

// server/db/queries/settings.ts
var COMPANY_FIELDS = ["logo", "name", "primary_mail", "sales_mail", "phone", "address"];
var EMAIL_FIELDS = ["smtp_server", "smtp_email", "smtp_username", "smtp_password", "smtp_port", "smtp_type"];
var EMPTY_COMPANY = { logo: "", name: "", primary_mail: "", sales_mail: "", phone: "", address: "" };
var EMPTY_EMAIL = { smtp_server: "", smtp_email: "", smtp_username: "", smtp_password: "", smtp_port: "", smtp_type: "" };
var getCompanySettings = async (sql) => await sql.get(`SELECT ${COMPANY_FIELDS.join(", ")} FROM company_settings WHERE id = 1`) ?? { ...EMPTY_COMPANY };
var getEmailSettings = async (sql) => await sql.get(`SELECT ${EMAIL_FIELDS.join(", ")} FROM email_settings WHERE id = 1`) ?? { ...EMPTY_EMAIL };
var saveCompanySettings = (sql, s) => sql.transaction(async (tx) => {
  await tx.run("INSERT INTO company_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING");
  await tx.run(`UPDATE company_settings SET ${COMPANY_FIELDS.map((f) => `${f} = ?`).join(", ")} WHERE id = 1`, COMPANY_FIELDS.map((f) => s[f]));
});
var saveEmailSettings = (sql, s) => sql.transaction(async (tx) => {
  await tx.run("INSERT INTO email_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING");
  await tx.run(`UPDATE email_settings SET ${EMAIL_FIELDS.map((f) => `${f} = ?`).join(", ")} WHERE id = 1`, EMAIL_FIELDS.map((f) => s[f]));
});

// server/lib/mail/templates.ts
var esc = (s) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
var senderName = (company) => company.trim() || "Events Back-office";
function build(company, subject, lines, link) {
  const sign = senderName(company);
  const text3 = [...lines, ...link ? ["", `${link.label}: ${link.url}`] : [], "", `\u2014 ${sign}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">${lines.map((l) => l ? `<p>${esc(l)}</p>` : "").join("")}` + (link ? `<p><a href="${esc(link.url)}" style="display:inline-block;padding:8px 16px;background:#2f6fde;color:#fff;text-decoration:none;border-radius:4px">${esc(link.label)}</a></p><p style="font-size:12px;color:#666">${esc(link.url)}</p>` : "") + `<p>\u2014 ${esc(sign)}</p></body></html>`;
  return { subject, text: text3, html };
}
var testMail = (company, to) => build(company, `Test e-mail from ${senderName(company)}`, [`This is a test e-mail sent to ${to}.`, "Your SMTP settings work."]);
var resetMail = (company, name, url) => build(company, `Reset your password for ${senderName(company)}`, [
  `Hello ${name},`,
  "Someone (hopefully you) asked to reset the password of your account.",
  "The link below works once, for 60 minutes. If you did not ask, ignore this e-mail: your password stays as it is."
], { url, label: "Choose a new password" });
var inviteMail = (company, name, url, consoleUrl, organiser) => build(company, organiser ? `You are invited to manage ${organiser} on ${senderName(company)}` : `You are invited to ${senderName(company)}`, [
  `Hello ${name},`,
  organiser ? `An account was made for you to manage the organiser ${organiser} in the console at ${consoleUrl}.` : `An account was made for you in the console at ${consoleUrl}.`,
  "Choose your password with the link below; it works once, for 7 days."
], { url, label: "Choose your password" });
var bookingAcceptedMail = (company, b) => build(company, `Your booking for ${b.date} is confirmed`, [
  `Hello ${b.name},`,
  `${b.organiser} accepted your booking for ${b.date}.`,
  `Your booking token is: ${b.token}`,
  "Show it when you arrive."
]);
var bookingRejectedMail = (company, b) => build(company, `Your booking for ${b.date} was not accepted`, [
  `Hello ${b.name},`,
  `${b.organiser} could not accept your booking for ${b.date}.`,
  "You are welcome to ask for another date."
]);

// server/lib/mail/booking-mail.ts
async function answerBookingAndMail(tx, id, status, token) {
  if (!await answerBooking(tx, id, status, token)) return false;
  const b = await tx.get(
    "SELECT b.name, b.email, b.date, c.name AS organiser FROM bookings b LEFT JOIN companies c ON c.id = b.company_id WHERE b.id = ?",
    [id]
  );
  if (!b || !isEmail(b.email)) return true;
  const company = (await getCompanySettings(tx)).name;
  const who = { name: b.name, date: b.date, organiser: b.organiser ?? "The organiser" };
  const mail = status === 1 && token ? bookingAcceptedMail(company, { ...who, token }) : bookingRejectedMail(company, who);
  await enqueueMail(tx, { kind: "booking", to: b.email.trim(), toName: b.name, subject: mail.subject, text: mail.text, html: mail.html, refId: id });
  return true;
}

// server/routes/bookings.ts
var companyOf = (sql, user, input) => assertOrganiserAccess(sql, user, requiredId(input.company_id, "company_id"));
var bookingRoutes = new Hono8().use("/bookings", requireUser).use("/bookings/*", requireUser).use("/booking/*", requireUser).get("/bookings", async (c) => {
  const id = await companyOf(c.var.sql, c.var.user, c.req.query());
  return ok(c, await listBookings(c.var.sql, id, pageOf(c.req.query("page")), readListQuery(BOOKING_LIST, c.req.query())));
}).get("/bookings/export", async (c) => {
  const lq = readListQuery(BOOKING_LIST, c.req.query());
  const id = await companyOf(c.var.sql, c.var.user, c.req.query());
  return csvExport(c, c.var.sql, BOOKING_LIST, lq, bookingScope(id), "bookings");
}).post("/bookings/bulk-status", async (c) => {
  const { status: next, ...body } = await readBody(c);
  const input = listInput(c.req.query(), body);
  const id = await companyOf(c.var.sql, c.var.user, input);
  validate({ status: next }, { status: [required, oneOf(1, 2)] });
  const status = Number(next);
  const scope = bookingScope(id);
  const n = await bulkAct(
    c.var.sql,
    BOOKING_LIST,
    input,
    input.all === "1" ? { where: `${scope.where} AND status = 0`, params: scope.params } : scope,
    async (tx, ids) => {
      let changed = 0;
      for (const b of ids) changed += Number(await answerBookingAndMail(tx, b, status, status === 1 ? newBookingToken() : null));
      if (changed < ids.length) throw new ApiError(409, "Only requested bookings can be accepted or rejected.");
      return changed;
    }
  );
  c.var.mailer.wake();
  return ok(c, { updated: n }, `${n} bookings ${status === 1 ? "accepted" : "rejected"}.`);
}).get("/booking/:id", async (c) => {
  const found = await getBooking(c.var.sql, toId(c.req.param("id")));
  if (!found) throw notFound("Booking");
  await assertOrganiserAccess(c.var.sql, c.var.user, found.companyId);
  return ok(c, found.booking);
}).put("/booking/:id", async (c) => {
  const body = await readBody(c);
  const id = toId(c.req.param("id"));
  const found = await getBooking(c.var.sql, id);
  if (!found) throw notFound("Booking");
  await assertOrganiserAccess(c.var.sql, c.var.user, found.companyId);
  validate(body, { status: [required, oneOf(1, 2)] });
  const status = Number(str(body, "status"));
  const changed = await c.var.sql.transaction((tx) => answerBookingAndMail(tx, id, status, status === 1 ? newBookingToken() : null));
  if (!changed) throw new ApiError(409, "Only a requested booking can be accepted or rejected.");
  c.var.mailer.wake();
  return ok(c, (await getBooking(c.var.sql, id)).booking, status === 1 ? "Booking accepted successfully." : "Booking rejected successfully.");
});

// server/routes/working-days.ts
import { Hono as Hono9 } from "hono";

// server/db/queries/working-days.ts
var workingDays = async (sql, companyId) => (await sql.all("SELECT day_id FROM company_days WHERE company_id = ? ORDER BY day_id", [companyId])).map((r) => Number(r.day_id));
async function replaceWorkingDays(sql, companyId, days) {
  await sql.run("DELETE FROM company_days WHERE company_id = ?", [companyId]);
  await sql.runMany("INSERT INTO company_days (company_id, day_id) VALUES (?, ?) ON CONFLICT DO NOTHING", days.map((d) => [companyId, d]));
}
var companyExists = async (sql, companyId) => !!await sql.get("SELECT id FROM companies WHERE id = ?", [companyId]);

// server/routes/working-days.ts
function parseDays(s) {
  try {
    const v = JSON.parse(s);
    if (!Array.isArray(v)) return null;
    const days = v.map(Number);
    return days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) ? [...new Set(days)].sort((a, b) => a - b) : null;
  } catch {
    return null;
  }
}
var workingDayRoutes = new Hono9().use("*", requireUser).get("/:companyId", async (c) => {
  const id = toId(c.req.param("companyId"));
  await assertOrganiserAccess(c.var.sql, c.var.user, id);
  if (!await companyExists(c.var.sql, id)) throw notFound("Organizer");
  return ok(c, { company_id: id, companydays: await workingDays(c.var.sql, id) });
}).on(["PUT", "POST"], "/", async (c) => {
  const body = await readBody(c);
  validate(body, { company_id: [required, recordId] }, { company_id: "company id" });
  const id = toId(str(body, "company_id"));
  await assertOrganiserAccess(c.var.sql, c.var.user, id);
  const days = parseDays(str(body, "days") || "[]");
  if (!days) throw validationError({ days: ["The days must be a JSON list of day ids from 1 to 7."] });
  if (!await companyExists(c.var.sql, id)) throw notFound("Organizer");
  await c.var.sql.transaction((tx) => replaceWorkingDays(tx, id, days));
  return ok(c, { company_id: id, companydays: days }, "Working days updated successfully.");
});

// server/routes/events.ts
import { Hono as Hono10 } from "hono";
var organiserOf2 = (sql, user, input) => assertOrganiserAccess(sql, user, requiredId(input.organizer_id, "organizer_id"));
var eventRules = { title: [required, maxLength(255)], description: [maxLength(5e3)] };
var eventRoutes = new Hono10().use("/event", requireUser).use("/event/*", requireUser).use("/deleteEvent", requireUser).get("/event", async (c) => {
  const id = await organiserOf2(c.var.sql, c.var.user, c.req.query());
  return ok(c, await listEvents(c.var.sql, id, pageOf(c.req.query("page")), readListQuery(EVENT_LIST, c.req.query())));
}).get("/event/export", async (c) => {
  const lq = readListQuery(EVENT_LIST, c.req.query());
  const id = await organiserOf2(c.var.sql, c.var.user, c.req.query());
  return csvExport(c, c.var.sql, EVENT_LIST, lq, eventScope(id), "events");
}).post("/event/bulk-delete", async (c) => {
  const input = listInput(c.req.query(), await readBody(c));
  const id = await organiserOf2(c.var.sql, c.var.user, input);
  const images = [];
  const n = await bulkAct(c.var.sql, EVENT_LIST, input, eventScope(id), async (tx, ids) => {
    images.push(...await deleteCollectingImages(tx, "event", ids, deleteEvent));
    return ids.length;
  });
  await removeLeftovers(c.var.files, images);
  return bulkDeleted(c, n);
}).post("/event", async (c) => {
  const body = await readBody(c);
  validate(
    body,
    { ...eventRules, start_date: [required, date], end_date: [required, date], organizer_id: [required, recordId] },
    { organizer_id: "organizer id", start_date: "start date", end_date: "end date" }
  );
  if (str(body, "end_date") < str(body, "start_date")) throw validationError({ end_date: ["The end date must be a date after or equal to start date."] });
  const organiserId = await assertOrganiserAccess(c.var.sql, c.var.user, toId(str(body, "organizer_id")));
  const logo = decodeImage(body.event_logo, "event_logo");
  if (!await companyExists(c.var.sql, organiserId)) throw notFound("Organizer");
  const files = c.var.files;
  const url = logo ? await storeImage(files, logo, "events") : "";
  try {
    const id = await c.var.sql.transaction((tx) => withinQuota(tx, organiserId, "event_logo", async () => {
      const id2 = await createEvent(tx, {
        organizer_id: organiserId,
        title: str(body, "title").trim(),
        description: str(body, "description"),
        start_date: str(body, "start_date"),
        end_date: str(body, "end_date"),
        logo: url
      });
      if (logo) await recordImageBytes(tx, "event", id2, logo.bytes.length);
      return id2;
    }));
    return ok(c, await getEvent(c.var.sql, id), "Event created successfully.");
  } catch (err) {
    await removeStoredImage(files, url);
    throw err;
  }
}).get("/event/:id", async (c) => ok(c, await eventInScope(c.var.sql, c.var.user, toId(c.req.param("id"))))).put("/event/:id", async (c) => {
  const event = await eventInScope(c.var.sql, c.var.user, toId(c.req.param("id")));
  const body = await readBody(c);
  const dated = str(body, "start_date") !== "" || str(body, "end_date") !== "";
  validate(
    body,
    dated ? { ...eventRules, start_date: [required, date], end_date: [required, date] } : eventRules,
    { start_date: "start date", end_date: "end date" }
  );
  const start = dated ? str(body, "start_date") : event.start_date;
  const end = dated ? str(body, "end_date") : event.end_date;
  if (end < start) throw validationError({ end_date: ["The end date must be a date after or equal to start date."] });
  const logo = decodeImage(body.event_logo, "event_logo");
  const files = c.var.files;
  const url = logo ? await storeImage(files, logo, "events") : "";
  try {
    await c.var.sql.transaction((tx) => withinQuota(tx, event.organizer_id, "event_logo", async () => {
      await updateEvent(tx, event.id, {
        title: str(body, "title").trim(),
        description: str(body, "description"),
        start_date: start,
        end_date: end,
        logo: url || event.logo
      });
      if (logo) await recordImageBytes(tx, "event", event.id, logo.bytes.length);
    }));
  } catch (err) {
    await removeStoredImage(files, url);
    throw err;
  }
  if (url) await removeLeftovers(files, [event.logo]);
  return ok(c, await getEvent(c.var.sql, event.id), "Event updated successfully.");
}).on(["PUT", "POST"], "/deleteEvent", async (c) => {
  const body = await readBody(c);
  validate(body, { event_id: [required, recordId] }, { event_id: "event id" });
  const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, "event_id")));
  const images = await c.var.sql.transaction((tx) => deleteCollectingImages(tx, "event", [event.id], deleteEvent));
  await removeLeftovers(c.var.files, images);
  return ok(c, null, "Event deleted successfully");
});

// server/routes/event-photos.ts
import { Hono as Hono11 } from "hono";

// server/lib/spreadsheets/spreadsheet-parse.ts
async function unpackRows(r) {
  const count3 = r.shape.length / 2;
  const rows = new Array(count3);
  let at = 0;
  for (let i = 0; i < count3; i++) {
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const n = r.shape[2 * i + 1];
    const cells = new Array(n);
    for (let k = 0; k < n; k++) {
      const end = r.cells.indexOf("\0", at);
      cells[k] = r.cells.slice(at, end < 0 ? void 0 : end);
      at = end < 0 ? r.cells.length : end + 1;
    }
    rows[i] = { row: r.shape[2 * i], cells };
  }
  return rows;
}

// server/lib/spreadsheets/spreadsheet.ts
var ZIP_MAGIC = [80, 75, 3, 4];
var fail = (field, message) => validationError({ [field]: [message] });
async function readSpreadsheet(file, field = "file") {
  if (!(file instanceof Blob)) throw fail(field, `The ${field} field is required.`);
  if (file.size > SHEET_MAX_BYTES) throw fail(field, TOO_LARGE);
  const name = file instanceof File ? file.name.toLowerCase() : "";
  const bytes = new Uint8Array(await file.arrayBuffer());
  let kind;
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b) && !/\.(csv|txt)$/.test(name)) kind = "xlsx";
  else if (/\.(csv|txt)$/.test(name) || name === "") kind = "csv";
  else throw fail(field, NOT_A_SPREADSHEET);
  const parsed = await parseInWorker({ bytes, kind, maxRows: SHEET_MAX_ROWS, maxInflate: SHEET_MAX_UNPACKED });
  if (!parsed.ok) throw fail(field, parsed.message);
  const head = parsed.header;
  const rows = await unpackRows(parsed);
  if (!head || rows.length === 0) throw fail(field, NO_ROWS);
  return { header: head.map((h) => h.trim().toLowerCase()), rows };
}
async function recordsOf(sheet, columns, field = "file") {
  const missing2 = missingColumns(sheet.header, columns);
  if (missing2.length) throw fail(field, missingColumnsMessage(missing2));
  const at = columns.map((c) => sheet.header.indexOf(c));
  const out = new Array(sheet.rows.length);
  for (let r = 0; r < sheet.rows.length; r++) {
    if (r > 0 && r % WORK_SLICE === 0) await nextTurn();
    const { row, cells } = sheet.rows[r];
    const values = {};
    for (let i = 0; i < columns.length; i++) values[columns[i]] = cells[at[i]] ?? "";
    out[r] = { row, values };
  }
  return out;
}
var RowErrors = class {
  constructor(field = "file") {
    this.field = field;
  }
  list = [];
  add(row, message) {
    this.list.push(`Row ${row}: ${message}`);
  }
  get size() {
    return this.list.length;
  }
  throwIfAny() {
    if (!this.list.length) return;
    const shown2 = this.list.slice(0, MAX_REPORTED_PROBLEMS);
    const rest = this.list.length - shown2.length;
    if (rest > 0) shown2.push(`${moreProblems(rest)} Nothing was imported.`);
    throw validationError({ [this.field]: shown2 });
  }
};

// server/services/event-photos.ts
var event_photos_exports = {};
__export(event_photos_exports, {
  PHOTO_IMPORT_BUSY: () => PHOTO_IMPORT_BUSY,
  PHOTO_LIST: () => PHOTO_LIST2,
  PRICE_FLAT: () => PRICE_FLAT,
  PRICE_FREE: () => PRICE_FREE,
  clearPhotos: () => clearPhotos,
  listPhotos: () => listPhotos2,
  photoScope: () => photoScope2,
  startPhotoUpload: () => startPhotoUpload
});

// server/db/queries/import-jobs.ts
var COLS3 = "id, kind, state, rows_total, rows_checked, rows_written, passwords_total, passwords_hashed, message, created_at, finished_at";
var ACTIVE = "state IN ('queued', 'running')";
var asJob = (r) => r && {
  id: Number(r.id),
  kind: r.kind,
  state: r.state,
  rows_total: Number(r.rows_total),
  rows_checked: Number(r.rows_checked),
  rows_written: Number(r.rows_written),
  passwords_total: Number(r.passwords_total),
  passwords_hashed: Number(r.passwords_hashed),
  message: String(r.message),
  created_at: Number(r.created_at),
  finished_at: r.finished_at == null ? null : Number(r.finished_at)
};
var FIRST_TOKEN = 1;
async function insertJob(sql, j, leaseMs2) {
  const now = Date.now();
  const row = await sql.get(
    `INSERT INTO import_jobs (kind, owner_key, user_id, rows_total, rows_checked, passwords_total, created_at, updated_at, lease_token, lease_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ${FIRST_TOKEN}, ${dbNow(sql)} + ?) RETURNING id`,
    [j.kind, j.ownerKey, j.userId, j.rowsTotal, j.rowsTotal, j.passwordsTotal, now, now, leaseMs2]
  );
  return Number(row.id);
}
var getJob = async (sql, id) => asJob(await sql.get(`SELECT ${COLS3}, user_id FROM import_jobs WHERE id = ?`, [id]));
var jobOwner = async (sql, id) => (await sql.get("SELECT user_id FROM import_jobs WHERE id = ?", [id]))?.user_id;
var activeJobOf = async (sql, userId, kind) => (await sql.get(`SELECT id FROM import_jobs WHERE user_id = ? AND kind = ? AND ${ACTIVE} ORDER BY id DESC LIMIT 1`, [userId, kind]))?.id;
var hasActiveJob = async (sql, ownerKey) => !!await sql.get(`SELECT id FROM import_jobs WHERE owner_key = ? AND ${ACTIVE}`, [ownerKey]);
var renewLease = (sql, id, token, leaseMs2, p) => sql.run(
  `UPDATE import_jobs SET state = ?, rows_written = ?, passwords_hashed = ?, updated_at = ?, lease_until = ${dbNow(sql)} + ?
    WHERE id = ? AND lease_token = ? AND ${ACTIVE}`,
  [p.state, p.rows_written, p.passwords_hashed, Date.now(), leaseMs2, id, token]
);
var markDone2 = (tx, id, token, written, hashed, message) => tx.run(
  `UPDATE import_jobs SET state = 'done', rows_written = ?, passwords_hashed = ?, message = ?, updated_at = ?, finished_at = ?, lease_until = NULL
    WHERE id = ? AND lease_token = ? AND ${ACTIVE}`,
  [written, hashed, message, Date.now(), Date.now(), id, token]
);
var markFailed = (sql, id, token, message) => sql.run(
  `UPDATE import_jobs SET state = 'failed', rows_written = 0, message = ?, updated_at = ?, finished_at = ?, lease_until = NULL
    WHERE id = ? AND lease_token = ? AND ${ACTIVE}`,
  [message, Date.now(), Date.now(), id, token]
);
async function failExpired(sql, live, message, legacyBefore, all = false) {
  const skip = live.length ? ` AND id NOT IN (${live.map(() => "?").join(",")})` : "";
  const expired = all ? "" : ` AND (lease_until < ${dbNow(sql)} OR (lease_until IS NULL AND updated_at < ?))`;
  return sql.run(
    `UPDATE import_jobs SET state = 'failed', rows_written = 0, message = ?, finished_at = ?, lease_token = lease_token + 1, lease_until = NULL
    WHERE ${ACTIVE}${expired}${skip}`,
    [message, Date.now(), ...all ? [] : [legacyBefore], ...live]
  );
}

// server/lib/runtime/graceful-stop.ts
import http from "node:http";
var SHUTDOWN_GRACE_MS = 25e3;
var RESTARTING = "The server is restarting. Please try again in a moment.";
async function byDeadline(work, deadline) {
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - performance.now()));
  });
  return Promise.race([work.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}
async function listenDrainable(listener, port2, host) {
  const open = /* @__PURE__ */ new Set();
  let draining = false;
  let answered;
  const allAnswered = new Promise((resolve) => {
    answered = resolve;
  });
  const server = http.createServer((req, res) => {
    if (draining) {
      res.shouldKeepAlive = false;
      const body = JSON.stringify({ status: "server_error", message: RESTARTING, data: null });
      res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "1", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    open.add(res);
    res.on("close", () => {
      open.delete(res);
      if (!draining) return;
      server.closeIdleConnections();
      if (open.size === 0) answered();
    });
    listener(req, res);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port2, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const closed = new Promise((resolve) => server.once("close", () => resolve()));
  return {
    server,
    port: server.address().port,
    inFlight: () => open.size,
    drain(deadline) {
      if (!draining) {
        draining = true;
        for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
        server.close();
        server.closeIdleConnections();
      }
      if (open.size === 0) return Promise.resolve(true);
      return byDeadline(allAnswered, deadline);
    },
    async forceClose() {
      if (!draining) {
        draining = true;
        server.close();
      }
      server.closeAllConnections();
      await closed;
    }
  };
}

// server/lib/jobs/import-jobs.ts
var HEARTBEAT_MS = 1e3;
var LEASE_MS = 6e4;
var STALE_MS = 1e4;
var ROLLBACK_WAIT_MS = 2e3;
var INTERRUPTED = "The server stopped before this import finished; nothing was imported. Please import the file again.";
var FAILED = "The import could not be finished; nothing was imported. Please try again.";
var leaseMs = LEASE_MS;
function configureImportJobs(o) {
  leaseMs = o.leaseMs ?? LEASE_MS;
  stopping = false;
}
var JobEnded = class extends Error {
};
var held = /* @__PURE__ */ new Map();
var stopping = false;
async function startImportJob(sql, spec, work) {
  if (stopping) throw new ApiError(503, RESTARTING);
  await reapExpired(sql);
  if (await hasActiveJob(sql, spec.ownerKey)) throw new ApiError(409, spec.busyMessage);
  let id;
  try {
    id = await insertJob(sql, spec, leaseMs);
  } catch (err) {
    if (err instanceof DbError && err.kind === "unique") throw new ApiError(409, spec.busyMessage);
    throw err;
  }
  const now = Date.now();
  const job = {
    id,
    kind: spec.kind,
    state: "queued",
    rows_total: spec.rowsTotal,
    rows_checked: spec.rowsTotal,
    rows_written: 0,
    passwords_total: spec.passwordsTotal,
    passwords_hashed: 0,
    message: "",
    created_at: now,
    finished_at: null
  };
  const h = { job, token: FIRST_TOKEN, run: Promise.resolve() };
  h.run = new Promise((resolve) => setImmediate(() => void run(sql, h, work).finally(() => {
    held.delete(id);
    resolve();
  })));
  held.set(id, h);
  return id;
}
async function run(sql, h, work) {
  const { job, token } = h;
  const check2 = () => {
    if (h.end) throw new JobEnded(h.end);
  };
  let renewing = false;
  const renew = async () => {
    if (renewing) return;
    renewing = true;
    try {
      if (!await renewLease(sql, job.id, token, leaseMs, job) && job.state === "running") h.end ??= "lost";
    } catch {
    } finally {
      renewing = false;
    }
  };
  const beat = setInterval(() => void renew(), HEARTBEAT_MS);
  beat.unref();
  let message = "";
  try {
    job.state = "running";
    await renew();
    check2();
    await work({
      id: job.id,
      hashed: () => {
        check2();
        job.passwords_hashed++;
      },
      written: (n) => {
        check2();
        job.rows_written += n;
      },
      done: async (tx, m) => {
        message = m;
        if (!await markDone2(tx, job.id, token, job.rows_written, job.passwords_hashed, m)) {
          h.end = "lost";
          throw new JobEnded("lost");
        }
      }
    });
    Object.assign(job, { state: "done", message, finished_at: Date.now() });
  } catch (err) {
    clearInterval(beat);
    if (h.end === "lost") {
      log.warn({ job_id: job.id, kind: job.kind }, "import job lost its lease; nothing of it was written");
      Object.assign(job, { state: "failed", rows_written: 0, message: INTERRUPTED, finished_at: Date.now() });
    } else {
      if (h.end === "stop") log.warn({ job_id: job.id, kind: job.kind }, "import job stopped with the process; nothing of it was written");
      else log.error({ err, job_id: job.id, kind: job.kind }, "import job failed");
      Object.assign(job, { state: "failed", rows_written: 0, message: h.end === "stop" ? INTERRUPTED : err instanceof ApiError ? err.message : FAILED, finished_at: Date.now() });
      await markFailed(sql, job.id, token, job.message).catch(() => void 0);
    }
  } finally {
    clearInterval(beat);
  }
}
var reapExpired = (sql) => failExpired(sql, [...held.keys()], INTERRUPTED, Date.now() - STALE_MS);
var failInterruptedJobs = (sql) => failExpired(sql, [...held.keys()], INTERRUPTED, Date.now() - STALE_MS, sql.engine === "sqlite");
async function readJob(sql, id) {
  const mine = held.get(id);
  if (mine) return { ...mine.job };
  const stored = await getJob(sql, id);
  if (stored && (stored.state === "queued" || stored.state === "running") && await reapExpired(sql) > 0) return getJob(sql, id);
  return stored;
}
async function stopImportJobs(deadline) {
  stopping = true;
  const all = () => Promise.all([...held.values()].map((h) => h.run));
  if (await byDeadline(all(), deadline)) return true;
  for (const h of held.values()) h.end ??= "stop";
  await byDeadline(all(), performance.now() + ROLLBACK_WAIT_MS);
  return false;
}

// server/db/queries/event-photos.ts
var PHOTO_LIST = {
  from: "event_photos",
  idCol: "id",
  columns: "id, bid_number, low_res_image, high_res_image, price, price_type, orientation",
  search: ["bid_number"],
  fts: "event_photos_fts",
  sort: { id: "id", bid_number: "lower(bid_number)", orientation: "orientation" },
  defaultOrder: "id",
  filters: { orientation: { values: ["portrait", "landscape"], where: "orientation = ?" } },
  csv: [
    ["id", "id"],
    ["bid_number", "bid_number"],
    ["low_res_image", "low_res_image"],
    ["high_res_image", "high_res_image"],
    ["price", "price"],
    ["orientation", "orientation"]
  ]
};
var photoScope = (eventId) => ({
  where: "event_id = ?",
  params: [eventId],
  count: "SELECT COALESCE((SELECT n FROM event_photo_counts WHERE event_id = ?), 0) AS n"
});
var listPhotos = (sql, eventId, page, lq, perPage) => listPage(sql, PHOTO_LIST, lq, photoScope(eventId), page, perPage);
var insertPhotos = (sql, rows, importJobId = null) => sql.runMany(
  "INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation, import_job_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  rows.map((r) => [...r, importJobId])
);
async function storedBids(sql, eventId, bids) {
  const out = /* @__PURE__ */ new Set();
  const unique = [...new Set(bids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await sql.all(`SELECT DISTINCT bid_number AS b FROM event_photos WHERE event_id = ? AND bid_number IN (${chunk.map(() => "?").join(",")})`, [eventId, ...chunk]);
    for (const r of rows) out.add(r.b);
    await nextTurn();
  }
  return out;
}
var replacePhotos = (sql, rows, importJobId = null) => sql.runMany(
  "UPDATE event_photos SET low_res_image = ?, high_res_image = ?, price_type = ?, price = ?, orientation = ?, changed_job_id = ? WHERE event_id = ? AND bid_number = ?",
  rows.map(([eventId, bid, low, high, type, price, orientation]) => [low, high, type, price, orientation, importJobId, eventId, bid])
);
async function deletePhotos(sql, eventId) {
  let total = 0;
  for (; ; ) {
    const n = await sql.run(`DELETE FROM event_photos WHERE id IN (SELECT id FROM event_photos WHERE event_id = ? LIMIT ${WORK_SLICE})`, [eventId]);
    total += n;
    if (n < WORK_SLICE) return total;
    await nextTurn();
  }
}

// server/services/event-photos.ts
var PRICE_FREE = 1;
var PRICE_FLAT = 2;
var PHOTO_IMPORT_BUSY = "Another photo upload of this organiser is still running. Wait until it has finished, then upload again.";
var WRITE_BATCH = 25;
var PHOTO_LIST2 = PHOTO_LIST;
var photoScope2 = photoScope;
var listPhotos2 = listPhotos;
async function photoRows(records, eventId, priceType, price) {
  const errors = new RowErrors("excel");
  const rows = [];
  for (const [i, { row, values: v }] of records.entries()) {
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const problem = photoRowProblem(v);
    if (problem) errors.add(row, problem);
    else rows.push([eventId, v.bid_number, v.low_res_image, v.high_res_image, priceType, price, v.orientation.toLowerCase()]);
  }
  errors.throwIfAny();
  return rows;
}
async function startPhotoUpload(sql, userId, event, upload) {
  const rows = await photoRows(upload.records, event.id, upload.priceType, upload.price);
  const stored = await storedBids(sql, event.id, rows.map((r) => r[1]));
  const repeated = rows.filter((r) => stored.has(r[1]));
  if (repeated.length && !upload.duplicates) {
    throw new ApiError(409, `${repeated.length} photos in this sheet have bid numbers already on this event.`, void 0, { duplicates: repeated.length });
  }
  const updates = upload.duplicates === "replace" ? repeated : [];
  const inserts = upload.duplicates === "replace" ? rows.filter((r) => !stored.has(r[1])) : rows;
  return startImportJob(sql, {
    kind: "photos",
    ownerKey: `organiser:${event.organizer_id}`,
    userId,
    rowsTotal: rows.length,
    passwordsTotal: 0,
    busyMessage: PHOTO_IMPORT_BUSY
  }, (job) => sql.transaction(async (tx) => {
    for (const [write, list] of [[replacePhotos, updates], [insertPhotos, inserts]]) {
      for (let i = 0; i < list.length; i += WRITE_BATCH) {
        const batch = list.slice(i, i + WRITE_BATCH);
        await write(tx, batch, job.id);
        job.written(batch.length);
        await nextTurn();
      }
    }
    await job.done(tx, "Successfully uploaded photos");
  }));
}
var clearPhotos = (sql, eventId) => sql.transaction((tx) => deletePhotos(tx, eventId));

// server/routes/event-photos.ts
var { PRICE_FREE: PRICE_FREE2, PRICE_FLAT: PRICE_FLAT2 } = event_photos_exports;
var eventOf = (sql, user, input) => eventInScope(sql, user, requiredId(input.event_id, "event_id"));
var eventPhotoRoutes = new Hono11().use("/getPhotosByEventId", requireUser).use("/uploadExcel", requireUser).use("/deleteEventPhotos", requireUser).use("/getPhotosByEventId/*", requireUser).get("/getPhotosByEventId", async (c) => {
  const event = await eventOf(c.var.sql, c.var.user, c.req.query());
  const size = toId(c.req.query("pageCount"));
  const lq = readListQuery(PHOTO_LIST2, c.req.query());
  return ok(c, await listPhotos2(c.var.sql, event.id, pageOf(c.req.query("page")), lq, size >= 1 && size <= 100 ? size : 10));
}).get("/getPhotosByEventId/export", async (c) => {
  const lq = readListQuery(PHOTO_LIST2, c.req.query());
  const event = await eventOf(c.var.sql, c.var.user, c.req.query());
  return csvExport(c, c.var.sql, PHOTO_LIST2, lq, photoScope2(event.id), "photos");
}).post("/getPhotosByEventId/bulk-delete", async (c) => {
  const input = listInput(c.req.query(), await readBody(c));
  const event = await eventOf(c.var.sql, c.var.user, input);
  return bulkDeleted(c, await bulkAct(c.var.sql, PHOTO_LIST2, input, photoScope2(event.id), deleteFrom("event_photos")));
}).post("/uploadExcel", async (c) => {
  const body = await readBody(c);
  validate(
    body,
    { event_id: [required, recordId], photo_price_type_id: [required, oneOf(PRICE_FREE2, PRICE_FLAT2)], duplicates: [oneOf("replace", "add")] },
    { event_id: "event id", photo_price_type_id: "photo price type" }
  );
  const priceType = Number(str(body, "photo_price_type_id"));
  const price = priceType === PRICE_FREE2 ? "0" : str(body, "photo_price").trim();
  if (priceType === PRICE_FLAT2 && !PRICE_PATTERN.test(price)) {
    throw validationError({ photo_price: [price ? "The photo price must be an amount such as 5 or 4.50." : "The photo price field is required."] });
  }
  const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, "event_id")));
  const sheet = await readSpreadsheet(body.excel, "excel");
  const extra = extraPhotoColumns(sheet.header);
  if (extra.length) throw validationError({ excel: [`${extraColumnsMessage(extra)} Use exactly ${PHOTO_COLUMNS.join(", ")}.`] });
  const records = await recordsOf(sheet, PHOTO_COLUMNS, "excel");
  const jobId = await startPhotoUpload(c.var.sql, c.var.user.id, event, { records, priceType, price, duplicates: str(body, "duplicates") });
  return ok(c, { job_id: jobId }, "The upload has started.");
}).post("/deleteEventPhotos", async (c) => {
  const body = await readBody(c);
  validate(body, { event_id: [required, recordId] }, { event_id: "event id" });
  const event = await eventInScope(c.var.sql, c.var.user, toId(str(body, "event_id")));
  const count3 = await clearPhotos(c.var.sql, event.id);
  return ok(c, { count: count3 }, "Photos has been cleared.");
});

// server/routes/organiser-dashboard.ts
import { Hono as Hono12 } from "hono";

// server/db/queries/organiser-dashboard.ts
var count = async (sql, q, p) => Number((await sql.get(q, p))?.n ?? 0);
async function organiserDashboard(sql, companyId, today2, limit = 5) {
  const upcoming = "FROM events WHERE company_id = ? AND end_date >= ?";
  const bookings = "FROM bookings WHERE company_id = ? AND status = 0";
  const videos = "FROM participant_videos v JOIN campaigns c ON c.id = v.campaign_id JOIN events e ON e.id = c.event_id WHERE e.company_id = ? AND v.status = 1";
  return {
    upcoming_events: {
      total: await count(sql, `SELECT COUNT(*) AS n ${upcoming}`, [companyId, today2]),
      items: await sql.all(`SELECT id, title, start_date, end_date ${upcoming} ORDER BY start_date, id LIMIT ?`, [companyId, today2, limit])
    },
    pending_bookings: {
      total: await count(sql, `SELECT COUNT(*) AS n ${bookings}`, [companyId]),
      items: await sql.all(`SELECT id, date, name ${bookings} ORDER BY date, id LIMIT ?`, [companyId, limit])
    },
    pending_videos: {
      total: await count(sql, `SELECT COUNT(*) AS n ${videos}`, [companyId]),
      items: await sql.all(`SELECT v.id, v.name, v.campaign_id, c.title AS campaign_title, c.event_id ${videos} ORDER BY v.id LIMIT ?`, [companyId, limit])
    }
  };
}

// server/routes/organiser-dashboard.ts
var organiserDashboardRoutes = new Hono12().use("*", requireUser).get("/:companyId", async (c) => {
  const id = await assertOrganiserAccess(c.var.sql, c.var.user, toId(c.req.param("companyId")));
  if (!await companyExists(c.var.sql, id)) throw notFound("Organizer");
  return ok(c, await organiserDashboard(c.var.sql, id, (/* @__PURE__ */ new Date()).toISOString().slice(0, 10)));
});

// server/routes/roles.ts
import { Hono as Hono13 } from "hono";

// server/db/queries/roles.ts
var marks2 = (ids) => ids.map(() => "?").join(",");
async function withLinks(sql, rows) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const perms = await sql.all(
    `SELECT rp.role_id, p.id, p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
     WHERE rp.role_id IN (${marks2(ids)}) ORDER BY p.id`,
    ids
  );
  const access = await sql.all(
    `SELECT ra.role_id, r.id, r.name FROM role_access ra JOIN roles r ON r.id = ra.access_role_id
     WHERE ra.role_id IN (${marks2(ids)}) ORDER BY r.id`,
    ids
  );
  const pick = (list, id) => list.filter((x) => x.role_id === id).map(({ id: i, name }) => ({ id: i, name }));
  return rows.map((r) => ({ id: r.id, name: r.name, permissions: pick(perms, r.id), accessroles: pick(access, r.id) }));
}
var ROLE_LIST = {
  from: "roles",
  idCol: "id",
  columns: "id, name",
  search: ["name"],
  sort: { id: "id", name: "lower(name)" },
  defaultOrder: "id",
  csv: [["id", "id"], ["name", "name"]]
};
async function listRoles(sql, page, lq, perPage = 10) {
  const p = await listPage(sql, ROLE_LIST, lq, ALL, page, perPage);
  return { ...p, data: await withLinks(sql, p.data) };
}
var allRoles = async (sql) => withLinks(sql, await sql.all("SELECT id, name FROM roles ORDER BY id"));
var getRole = async (sql, id) => (await withLinks(sql, await sql.all("SELECT id, name FROM roles WHERE id = ?", [id])))[0];
var findRoleByName = (sql, name) => sql.get("SELECT id, name FROM roles WHERE lower(name) = lower(?)", [name]);
async function unknownPermissionIds(sql, ids) {
  if (!ids.length) return [];
  const found = new Set((await sql.all(`SELECT id FROM permissions WHERE id IN (${marks2(ids)})`, ids)).map((r) => r.id));
  return ids.filter((i) => !found.has(i));
}
async function unknownRoleIds(sql, ids) {
  if (!ids.length) return [];
  const found = new Set((await sql.all(`SELECT id FROM roles WHERE id IN (${marks2(ids)})`, ids)).map((r) => r.id));
  return ids.filter((i) => !found.has(i));
}
async function setLinks(tx, id, { permissionIds, accessIds, menuIds }) {
  if (menuIds) {
    await tx.run("DELETE FROM admin_menu_roles WHERE role_id = ?", [id]);
    await tx.runMany("INSERT INTO admin_menu_roles (menu_id, role_id) VALUES (?, ?)", menuIds.map((m) => [m, id]));
  }
  await tx.run("DELETE FROM role_permissions WHERE role_id = ?", [id]);
  await tx.run("DELETE FROM role_access WHERE role_id = ?", [id]);
  await tx.runMany("INSERT INTO role_permissions (role_id, permission_id) VALUES (?, ?)", permissionIds.map((p) => [id, p]));
  await tx.runMany("INSERT INTO role_access (role_id, access_role_id) VALUES (?, ?)", accessIds.map((r) => [id, r]));
}
var createRole = (sql, r) => sql.transaction(async (tx) => {
  const { id } = await tx.get("INSERT INTO roles (name) VALUES (?) RETURNING id", [r.name]);
  await setLinks(tx, id, r);
  return id;
});
var updateRole = (sql, id, r) => sql.transaction(async (tx) => {
  if (!await tx.run("UPDATE roles SET name = ? WHERE id = ?", [r.name, id])) return false;
  await setLinks(tx, id, r);
  return true;
});
var deleteRole = (sql, id) => sql.run("DELETE FROM roles WHERE id = ?", [id]);
async function accessibleRoleIds(sql, roleIds) {
  if (!roleIds.length) return [];
  return (await sql.all(
    `SELECT DISTINCT access_role_id AS id FROM role_access WHERE role_id IN (${marks2(roleIds)}) ORDER BY access_role_id`,
    roleIds
  )).map((r) => r.id);
}
async function roleFacts(sql, roleIds) {
  if (!roleIds.length) return [];
  const roles = await withLinks(sql, await sql.all(`SELECT id, name FROM roles WHERE id IN (${marks2(roleIds)}) ORDER BY id`, roleIds));
  const menus = await sql.all(
    `SELECT mr.role_id, m.title, m.url, m.status FROM admin_menu_roles mr JOIN admin_menus m ON m.id = mr.menu_id
     WHERE mr.role_id IN (${marks2(roleIds)}) ORDER BY m.id`,
    roleIds
  );
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    permissions: r.permissions.map((p) => p.name),
    access: r.accessroles.map((a) => a.name),
    menus: menus.filter((m) => m.role_id === r.id).map((m) => ({ title: m.title, url: m.url, status: Number(m.status) }))
  }));
}
async function unknownMenuIds(sql, ids) {
  if (!ids.length) return [];
  const found = new Set((await sql.all(`SELECT id FROM admin_menus WHERE id IN (${marks2(ids)})`, ids)).map((r) => r.id));
  return ids.filter((i) => !found.has(i));
}
var allMenuChoices = async (sql) => (await sql.all("SELECT id, title, url, status FROM admin_menus ORDER BY id")).map((m) => ({ ...m, status: Number(m.status) }));
var roleMenus = async (sql, id) => (await sql.all("SELECT m.id, m.title, m.url, m.status FROM admin_menu_roles mr JOIN admin_menus m ON m.id = mr.menu_id WHERE mr.role_id = ? ORDER BY m.id", [id])).map((m) => ({ ...m, status: Number(m.status) }));

// server/lib/auth/grants.ts
var ownRole = (user, roleId2) => user.roles.some((r) => r.id === roleId2);
var added = (before, after) => after.filter((id) => !before.includes(id));
var sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
async function assertRoleGrant(sql, user, adminRoleId2, next, current, currentMenuIds = []) {
  if (adminRoleId2 !== void 0 && next.accessIds.includes(adminRoleId2) && !current?.accessroles.some((r) => r.id === adminRoleId2))
    throw forbidden("The admin role cannot be put in an access list.");
  if (user.isAdmin) return;
  const beforePerms = current?.permissions.map((p) => p.id) ?? [];
  const beforeAccess = current?.accessroles.map((r) => r.id) ?? [];
  if (current && ownRole(user, current.id) && (!sameSet(beforePerms, next.permissionIds) || !sameSet(beforeAccess, next.accessIds)))
    throw forbidden("You may not change the permissions or access roles of your own role.");
  const newPerms = added(beforePerms, next.permissionIds);
  if (newPerms.length) {
    if ((await permissionNames(sql, newPerms)).some((name) => !mayGrantPermission(user, name)))
      throw forbidden("You may not give a permission you do not hold yourself.");
  }
  const newAccess = added(beforeAccess, next.accessIds);
  if (newAccess.length) {
    const mine = await accessibleRoleIds(sql, user.roles.map((r) => r.id));
    if (newAccess.some((id) => !mine.includes(id))) throw forbidden("You may not give access to a role you cannot access yourself.");
  }
  if (!next.menuIds) return;
  const menuChange = [...added(currentMenuIds, next.menuIds), ...added(next.menuIds, currentMenuIds)];
  if (!menuChange.length) return;
  if (current && ownRole(user, current.id)) throw forbidden("You may not change the menus of your own role.");
  if (current && current.id === adminRoleId2) throw forbidden("You may not change the menus of the admin role.");
  const gives = added(currentMenuIds, next.menuIds);
  if (!gives.length) return;
  const grantable = await grantableMenuIds(sql, user);
  if (grantable !== "all" && gives.some((id) => !grantable.has(id))) throw forbidden("You may not give a menu you do not hold yourself.");
}
async function grantableMenuIds(sql, user) {
  const allowed = await allowedScreens(sql, user);
  if (allowed === "all") return "all";
  return new Set((await allMenuChoices(sql)).filter((m) => allowed.has(screenOf(m.url))).map((m) => m.id));
}
function assertRoleDelete(user, roleId2) {
  if (!user.isAdmin && ownRole(user, roleId2)) throw forbidden("You may not delete your own role.");
}
async function assertMenuGrant(sql, user, current, next) {
  if (user.isAdmin) return;
  const before = current?.roles.map((r) => r.id) ?? [];
  const after = next?.roleIds ?? [];
  const changed = [...added(before, after), ...added(after, before)];
  const repointed = !next || current && (current.url !== next.url || current.status !== next.status);
  if (changed.some((id) => ownRole(user, id)) || repointed && before.some((id) => ownRole(user, id)))
    throw forbidden("You may not change the menus of your own role.");
  const reissued = current && next && (current.url !== next.url || current.status !== 1 && next.status === 1);
  const gives = next ? reissued ? after : added(before, after) : [];
  if (!gives.length) return;
  const allowed = await allowedScreens(sql, user);
  const screen = screenOf(next.url);
  if (allowed !== "all" && !allowed.has(screen)) throw forbidden("You may not give a menu you do not hold yourself.");
  for (const id of gives) if ((await getRole(sql, id))?.name === "admin") throw forbidden("You may not change the menus of the admin role.");
}

// server/routes/roles.ts
async function readRole(sql, body, id = 0) {
  const v = parseBody(RoleInput, body, { name: "role name" });
  const name = v.name.trim();
  const permissionIds = parseIdList(v.permissions || "[]");
  const accessIds = parseIdList(v.roles || "[]");
  const menuIds = v.menus === void 0 ? void 0 : parseIdList(v.menus || "[]");
  const errors = {};
  const same2 = await findRoleByName(sql, name);
  if (same2 && same2.id !== id) errors.name = ["The role name has already been taken."];
  if ((await unknownPermissionIds(sql, permissionIds)).length) errors.permissions = ["The selected permissions is invalid."];
  if ((await unknownRoleIds(sql, accessIds)).length) errors.roles = ["The selected roles is invalid."];
  if (menuIds && (await unknownMenuIds(sql, menuIds)).length) errors.menus = ["The selected menus is invalid."];
  if (Object.keys(errors).length) throw validationError(errors);
  return { name, permissionIds, accessIds, menuIds };
}
var listAccess = (c, next) => c.req.query("page") === void 0 ? requireScreen("roles", "users", "adminmenus")(c, async () => {
  await requireAbility("roles.view", "users.view", "menus.view")(c, next);
}) : requireScreen("roles")(c, async () => {
  await requireAbility("roles.view")(c, next);
});
var adminRoleId = async (sql) => (await findRoleByName(sql, "admin"))?.id;
var roleRoutes = new Hono13().use("*", requireUser).get("/", listAccess, async (c) => {
  const page = c.req.query("page");
  if (page === void 0) return ok(c, await allRoles(c.var.sql));
  return ok(c, await listRoles(c.var.sql, pageOf(page), readListQuery(ROLE_LIST, c.req.query())));
}).get("/export", requireScreen("roles"), requireAbility("roles.view"), async (c) => csvExport(c, c.var.sql, ROLE_LIST, readListQuery(ROLE_LIST, c.req.query()), { where: "", params: [] }, "roles")).post("/bulk-delete", requireScreen("roles"), requireAbility("roles.delete"), async (c) => {
  const sql = c.var.sql;
  const user = c.var.user;
  const builtIn = (await allRoles(sql)).filter((r) => isBuiltInRole(r.name)).map((r) => r.id);
  const n = await bulkAct(
    sql,
    ROLE_LIST,
    listInput(c.req.query(), await readBody(c)),
    { where: `name NOT IN (${BUILT_IN_ROLES.map(() => "?").join(",")})`, params: [...BUILT_IN_ROLES] },
    (tx, ids) => {
      for (const id of ids) assertRoleDelete(user, id);
      return deleteFrom("roles")(tx, ids);
    },
    (ids) => ids.some((id) => builtIn.includes(id)) ? "The built-in roles cannot be deleted." : null
  );
  return bulkDeleted(c, n);
}).get("/menus", requireScreen("roles"), requireAbility("roles.view"), async (c) => {
  const grantable = await grantableMenuIds(c.var.sql, c.var.user);
  return ok(c, (await allMenuChoices(c.var.sql)).map((m) => ({ ...m, grantable: grantable === "all" || grantable.has(m.id) })));
}).get("/:id", requireScreen("roles"), requireAbility("roles.view"), async (c) => {
  const role = await getRole(c.var.sql, toId(c.req.param("id")));
  if (!role) throw notFound("Role");
  return ok(c, role);
}).get("/:id/menus", requireScreen("roles"), requireAbility("roles.view"), async (c) => {
  const id = toId(c.req.param("id"));
  if (!await getRole(c.var.sql, id)) throw notFound("Role");
  return ok(c, await roleMenus(c.var.sql, id));
}).post("/", requireScreen("roles"), requireAbility("roles.create"), async (c) => {
  const role = await readRole(c.var.sql, await readBody(c));
  await assertRoleGrant(c.var.sql, c.var.user, await adminRoleId(c.var.sql), role);
  const id = await createRole(c.var.sql, role);
  return ok(c, await getRole(c.var.sql, id), "Role created successfully.");
}).put("/:id", requireScreen("roles"), requireAbility("roles.edit"), async (c) => {
  const id = toId(c.req.param("id"));
  const current = await getRole(c.var.sql, id);
  if (!current) throw notFound("Role");
  const role = await readRole(c.var.sql, await readBody(c), id);
  if (isBuiltInRole(current.name) && role.name !== current.name) throw validationError({ name: [`The ${current.name} role cannot be renamed.`] });
  await assertRoleGrant(c.var.sql, c.var.user, await adminRoleId(c.var.sql), role, current, (await roleMenus(c.var.sql, id)).map((m) => m.id));
  await updateRole(c.var.sql, id, role);
  return ok(c, await getRole(c.var.sql, id), "Role updated successfully.");
}).delete("/:id", requireScreen("roles"), requireAbility("roles.delete"), async (c) => {
  const id = toId(c.req.param("id"));
  assertRoleDelete(c.var.user, id);
  const current = await getRole(c.var.sql, id);
  if (!current) throw notFound("Role");
  if (isBuiltInRole(current.name)) throw new ApiError(409, `The ${current.name} role cannot be deleted.`);
  await deleteRole(c.var.sql, id);
  return ok(c, null, "Role deleted successfully.");
});

// server/routes/users.ts
import { Hono as Hono14 } from "hono";

// server/lib/mail/invitations.ts
var invitedMessage = (what, email2) => `${what} created successfully. An invitation will be e-mailed to ${email2}.`;
async function resendInvitation(c, user) {
  if (!user.invited) throw new ApiError(409, "This user has already chosen a password.");
  await throttle(c, "link", user.email.toLowerCase());
  await c.var.sql.transaction((tx) => enqueueInvite(tx, user));
  c.var.mailer.wake();
}

// server/db/queries/users.ts
var marks3 = (ids) => ids.map(() => "?").join(",");
var FIRST_ROLE = "(SELECT MIN(ur.role_id) FROM user_roles ur WHERE ur.user_id = u.id)";
var ALL_USERS = "SELECT COALESCE((SELECT n FROM row_counts WHERE name = 'users'), 0) AS n";
var scopeOf = (scope) => scope === "all" ? { where: "", params: [], count: ALL_USERS } : scope.length ? { where: `${FIRST_ROLE} IN (${marks3(scope)})`, params: scope } : { where: "1 = 0", params: [] };
var USER_SORT_SQL = { id: "u.id", name: "lower(u.name)", email: "lower(u.email)", role: FIRST_ROLE, created_at: "u.created_at" };
var USER_FILTER_SQL = {
  role: { values: "id", where: `${FIRST_ROLE} = ?` },
  import_job: { values: "id", where: "u.import_job_id = ?" }
};
var USER_LIST = {
  from: "users u",
  idCol: "u.id",
  columns: "u.id, u.name, u.email, u.image, CASE WHEN u.password_hash = '' THEN 1 ELSE 0 END AS invited",
  search: ["u.name", "u.email"],
  fts: "users_fts",
  sort: USER_SORT_SQL,
  defaultOrder: "u.id",
  filters: USER_FILTER_SQL,
  csv: [["id", "u.id"], ["name", "u.name"], ["email", "u.email"], ["role", `(SELECT r.name FROM roles r WHERE r.id = ${FIRST_ROLE})`]]
};
async function withRoles(sql, rows) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const links = await sql.all(
    `SELECT ur.user_id, r.id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id IN (${marks3(ids)}) ORDER BY r.id`,
    ids
  );
  return rows.map((u) => {
    const roles = links.filter((l) => l.user_id === u.id).map(({ id, name }) => ({ id, name }));
    return { ...u, invited: Number(u.invited) === 1, role: roles[0]?.id ?? 0, roles };
  });
}
var ROLES_JSON = {
  sqlite: `(SELECT json_group_array(json_object('id', x.id, 'name', x.name)) FROM (SELECT r.id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id ORDER BY r.id) x) AS roles_json`,
  postgres: `(SELECT COALESCE(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id), '[]'::json) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles_json`
};
var USER_PAGE = { sqlite: { ...USER_LIST, columns: `${USER_LIST.columns}, ${ROLES_JSON.sqlite}` }, postgres: { ...USER_LIST, columns: `${USER_LIST.columns}, ${ROLES_JSON.postgres}` } };
async function listUsers(sql, scope, page, lq, perPage = 10) {
  const p = await listPage(sql, USER_PAGE[sql.engine], lq, scopeOf(scope), page, perPage);
  return {
    ...p,
    data: p.data.map(({ roles_json, ...u }) => {
      const roles = typeof roles_json === "string" ? JSON.parse(roles_json) : roles_json;
      return { ...u, invited: Number(u.invited) === 1, role: roles[0]?.id ?? 0, roles };
    })
  };
}
async function getUser(sql, id) {
  const row = await sql.get(
    "SELECT id, name, email, image, company_id, CASE WHEN password_hash = '' THEN 1 ELSE 0 END AS invited FROM users WHERE id = ?",
    [id]
  );
  return row ? { ...(await withRoles(sql, [row]))[0], company_id: row.company_id } : void 0;
}
async function emailTaken(sql, email2, exceptId = 0) {
  return !!await sql.get("SELECT id FROM users WHERE lower(email) = lower(?) AND id <> ?", [email2, exceptId]);
}
async function storedEmails(sql, emails) {
  const out = /* @__PURE__ */ new Set();
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500).map((e) => e.toLowerCase());
    const rows = await sql.all(`SELECT lower(email) AS e FROM users WHERE lower(email) IN (${marks3(chunk)})`, chunk);
    for (const r of rows) out.add(r.e);
    await nextTurn();
  }
  return out;
}
async function insertUser(tx, u) {
  const { id } = await tx.get(
    "INSERT INTO users (name, email, password_hash, company_id, import_job_id, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    [u.name, u.email, u.passwordHash, u.companyId ?? null, u.importJobId ?? null, Date.now()]
  );
  await tx.run("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", [id, u.roleId]);
  if (u.passwordHash === "") await enqueueInvite(tx, { id, name: u.name, email: u.email });
  return id;
}
var createUser = (sql, u) => sql.transaction((tx) => insertUser(tx, u));
async function keepAnAdmin(tx, message) {
  if (tx.engine === "postgres") await tx.get("SELECT pg_advisory_xact_lock(61000003)");
  const row = await tx.get(
    "SELECT COUNT(*) AS n FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.name = 'admin'"
  );
  if (Number(row?.n ?? 0) === 0) throw new DbRefusal("forbidden", message);
}
var updateUser = (sql, id, u) => sql.transaction(async (tx) => {
  if (tx.engine === "postgres") await tx.get("SELECT pg_advisory_xact_lock(61000003)");
  await tx.run("UPDATE users SET name = ?, email = ? WHERE id = ?", [u.name, u.email, id]);
  if (u.passwordHash) {
    await tx.run("UPDATE users SET password_hash = ? WHERE id = ?", [u.passwordHash, id]);
    await tx.run("UPDATE tokens SET revoked_at = ? WHERE user_id = ? AND token_hash <> ? AND revoked_at IS NULL", [Date.now(), id, u.keepToken ?? ""]);
  }
  await tx.run("DELETE FROM user_roles WHERE user_id = ?", [id]);
  await tx.run("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", [id, u.roleId]);
  await keepAnAdmin(tx, "The last administrator cannot be demoted.");
});
async function deleteUsers(tx, ids) {
  if (tx.engine === "postgres") await tx.get("SELECT pg_advisory_xact_lock(61000003)");
  const n = await tx.run(`DELETE FROM users WHERE id IN (${ids.map(() => "?").join(",")})`, ids);
  await keepAnAdmin(tx, "The last administrator cannot be deleted.");
  return n;
}
var deleteUser = (sql, id) => sql.transaction(async (tx) => {
  if (tx.engine === "postgres") await tx.get("SELECT pg_advisory_xact_lock(61000003)");
  const n = await tx.run("DELETE FROM users WHERE id = ?", [id]);
  await keepAnAdmin(tx, "The last administrator cannot be deleted.");
  return n;
});

// src/common/access-explainer.ts
var SCREEN_OF_RESOURCE = { menus: "adminmenus", organisers: "organizers", videos: "organizers" };
var ALSO_NEEDS = { "videos.moderate": "organisers.view" };
var screenOfAbility = (key) => {
  const r = key.split(".")[0];
  return SCREEN_OF_RESOURCE[r] ?? r;
};
var screenName = (key) => SCREENS.find((s) => s.key === key)?.name ?? key;
var abilityName = (key) => ABILITIES.find((a) => a.key === key)?.name ?? key;
var lc = (s) => s.trim().toLowerCase();
function rolesPhrase(names2) {
  const list = names2.length <= 1 ? names2.join("") : `${names2.slice(0, -1).join(", ")} and ${names2[names2.length - 1]}`;
  return `${names2.length === 1 ? "role" : "roles"} ${list}`;
}
function screenFact(roles, screen) {
  const live = roles.filter((r) => r.menus.some((m) => m.status === 1 && screenOf(m.url) === screen));
  if (live.length) return { ok: true, text: `${rolesPhrase(live.map((r) => r.name))} ${live.length === 1 ? "has" : "have"} the menu ${screenName(screen)}` };
  const off = roles.filter((r) => r.menus.some((m) => screenOf(m.url) === screen));
  if (off.length) return { ok: false, text: `the menu ${screenName(screen)} of ${rolesPhrase(off.map((r) => r.name))} is In-Active` };
  return { ok: false, text: `${rolesPhrase(roles.map((r) => r.name))} ${roles.length === 1 ? "has" : "have"} no menu ${screenName(screen)}` };
}
function permissionFact(roles, ability) {
  const name = abilityName(ability);
  const holders = roles.filter((r) => r.permissions.some((p) => lc(p) === lc(name)));
  if (holders.length) return { ok: true, text: `${rolesPhrase(holders.map((r) => r.name))} ${holders.length === 1 ? "has" : "have"} the permission ${name}` };
  return { ok: false, text: `${rolesPhrase(roles.map((r) => r.name))} ${roles.length === 1 ? "has" : "have"} no permission ${name}` };
}
function explainAccess(roles) {
  const admin = roles.find((r) => r.name === "admin");
  const company = roles.find((r) => r.name === "company");
  const all = (allowed, reason) => ({
    screens: SCREENS.map((s) => ({ key: s.key, name: s.name, allowed, reason })),
    abilities: ABILITIES.map((a) => ({ key: a.key, name: a.name, allowed, reason }))
  });
  if (admin) return all(true, "allowed: role admin holds every screen and every permission");
  if (company) return all(false, "not allowed: role company is an organiser's sign-in: it opens no admin screen and holds no admin permission (an organiser manages only its own data, from its console)");
  if (!roles.length) return all(false, "not allowed: this user has no role");
  const screens = SCREENS.map((s) => {
    if (s.key === "") return { key: "", name: s.name, allowed: true, reason: "allowed: every staff user sees the Dashboard" };
    const f = screenFact(roles, s.key);
    return { key: s.key, name: s.name, allowed: f.ok, reason: `${f.ok ? "allowed" : "not allowed"}: ${f.text}` };
  });
  const abilities = ABILITIES.map((a) => {
    const facts = [permissionFact(roles, a.key), ...ALSO_NEEDS[a.key] ? [permissionFact(roles, ALSO_NEEDS[a.key])] : [], screenFact(roles, screenOfAbility(a.key))];
    const missing2 = facts.filter((f) => !f.ok);
    const allowed = !missing2.length;
    const shown2 = (allowed ? facts : missing2).map((f) => f.text);
    return { key: a.key, name: a.name, allowed, reason: `${allowed ? "allowed" : "not allowed"}: ${joinFacts(shown2)}` };
  });
  return { screens, abilities };
}
function joinFacts(texts) {
  const [first, ...rest] = texts;
  const subject = first.match(/^(roles? .+?) (has|have) /)?.[1];
  const tail = rest.map((t) => subject && t.startsWith(`${subject} `) ? t.slice(subject.length + 1).replace(/^(has|have) /, "") : t);
  return [first, ...tail].join(" and ");
}

// server/services/users.ts
var USER_LIST2 = USER_LIST;
async function scopeOf2(sql, user) {
  return user.isAdmin ? "all" : accessibleRoleIds(sql, user.roles.map((r) => r.id));
}
var inScope = (scope, roleId2) => scope === "all" || scope.includes(roleId2);
var listScope = async (sql, user) => scopeOf(await scopeOf2(sql, user));
async function assignableRole(sql, user, roleId2) {
  const role = await getRole(sql, roleId2);
  if (!role) throw validationError({ role: ["The selected role is invalid."] });
  if (role.name === "company") throw validationError({ role: [ORGANISER_ROLE] });
  if (!(await user.assignable()).includes(roleId2)) throw forbidden("You may not manage users of this role.");
  return role;
}
async function visibleUser(sql, caller, id) {
  const u = await getUser(sql, id);
  if (!u || !inScope(await scopeOf2(sql, caller), u.role)) throw notFound("User");
  return u;
}
async function userAccess(sql, caller, id) {
  const u = await visibleUser(sql, caller, id);
  const facts = await roleFacts(sql, u.roles.map((r) => r.id));
  return { user: { id: u.id, name: u.name }, roles: facts, ...explainAccess(facts) };
}
var listUsers2 = async (sql, caller, page, lq) => listUsers(sql, await scopeOf2(sql, caller), page, lq);
async function bulkDeleteUsers(sql, caller, input) {
  const scope = await listScope(sql, caller);
  return bulkAct(
    sql,
    USER_LIST,
    input,
    { where: `${scope.where || "1 = 1"} AND u.id <> ?`, params: [...scope.params, caller.id] },
    deleteUsers,
    (ids) => ids.includes(caller.id) ? "You cannot delete your own account." : null
  );
}
async function createUser2(sql, caller, u) {
  const role = await assignableRole(sql, caller, u.roleId);
  if (await emailTaken(sql, u.email)) throw validationError({ email: ["The email has already been taken."] });
  const id = await createUser(sql, { name: u.name, email: u.email, passwordHash: u.password ? await hashPassword(u.password) : "", roleId: role.id });
  return { user: await getUser(sql, id), invited: !u.password };
}
async function updateUser2(sql, caller, id, input, keepToken) {
  const current = await visibleUser(sql, caller, id);
  const u = input();
  const self = current.id === caller.id;
  if (self && !caller.isAdmin && u.roleId !== current.role) throw forbidden("You may not change your own role.");
  if (current.company_id !== null) {
    if (u.roleId !== current.role) throw validationError({ role: [ORGANISER_ROLE] });
  } else if (u.roleId !== current.role || !self) await assignableRole(sql, caller, u.roleId);
  if (await emailTaken(sql, u.email, current.id)) throw validationError({ email: ["The email has already been taken."] });
  await updateUser(sql, current.id, {
    name: u.name,
    email: u.email,
    roleId: u.roleId,
    passwordHash: u.password.trim() ? await hashPassword(u.password) : void 0,
    keepToken: self ? keepToken : ""
  });
  return await getUser(sql, current.id);
}
async function deleteUser2(sql, caller, id) {
  const current = await visibleUser(sql, caller, id);
  if (current.id === caller.id) throw new ApiError(409, "You cannot delete your own account.");
  await deleteUser(sql, current.id);
}
var USER_IMPORT_BUSY = "Your previous user import is still running. Wait until it has finished, then import again.";
async function importUsers(sql, caller, records, queued) {
  const byName = new Map((await allRoles(sql)).map((r) => [r.name.toLowerCase(), r]));
  const stored = await storedEmails(sql, records.map((r) => r.values.email));
  const ctx = { firstRowOf: /* @__PURE__ */ new Map(), stored, roles: { roles: byName, assignable: await caller.assignable() } };
  const errors = new RowErrors();
  for (const [i, { row, values: v }] of records.entries()) {
    if (i > 0 && i % WORK_SLICE === 0) await nextTurn();
    const problems = userRowProblems(row, v, ctx);
    if (problems.length) errors.add(row, problems.join(" "));
  }
  errors.throwIfAny();
  const rows = records.map((r) => ({ name: r.values.name, email: r.values.email, password: r.values.password, roleId: byName.get(r.values.role.toLowerCase()).id }));
  return startImportJob(sql, {
    kind: "users",
    ownerKey: `user:${caller.id}`,
    userId: caller.id,
    rowsTotal: rows.length,
    passwordsTotal: rows.filter((u) => u.password).length,
    busyMessage: USER_IMPORT_BUSY
  }, async (job) => {
    const given = await hashForImport(rows.filter((u) => u.password).map((u) => u.password), job.hashed);
    let next = 0;
    const hashes = rows.map((u) => u.password ? given[next++] : "");
    await sql.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i++) {
        const u = rows[i];
        await insertUser(tx, { name: u.name, email: u.email, passwordHash: hashes[i], roleId: u.roleId, importJobId: job.id });
        job.written(1);
        if (i % (WORK_SLICE / 5) === WORK_SLICE / 5 - 1) await nextTurn();
      }
      const n = rows.length;
      await job.done(tx, `${n} user${n === 1 ? "" : "s"} imported successfully.`);
    });
    queued();
  });
}
async function takenEmails(sql, lines) {
  const emails = [...new Set(lines.map((e) => e.trim()).filter((e) => e !== ""))];
  return [...await storedEmails(sql, emails)];
}

// server/routes/users.ts
var strong = (v) => String(v ?? "") === "" ? null : passwordProblem(String(v));
var chosen = (v, l) => String(v ?? "").trim() === "0" ? `The ${l} field is required.` : null;
var rules = { name: [required, maxLength(255)], email: [required, email, maxLength(255)], role: [required, integer, chosen], password: [strong, maxLength(255)] };
var userInput = (body) => {
  validate(body, rules);
  return { name: str(body, "name").trim(), email: str(body, "email").trim(), roleId: Number(str(body, "role")), password: str(body, "password") };
};
var userRoutes = new Hono14().use("*", requireUser).get("/", requireScreen("users"), requireAbility("users.view"), async (c) => ok(c, await listUsers2(c.var.sql, c.var.user, pageOf(c.req.query("page")), readListQuery(USER_LIST2, c.req.query())))).get("/export", requireScreen("users"), requireAbility("users.view"), async (c) => {
  const lq = readListQuery(USER_LIST2, c.req.query());
  return csvExport(c, c.var.sql, USER_LIST2, lq, await listScope(c.var.sql, c.var.user), "users");
}).post("/bulk-delete", requireScreen("users"), requireAbility("users.delete"), async (c) => bulkDeleted(c, await bulkDeleteUsers(c.var.sql, c.var.user, listInput(c.req.query(), await readBody(c))))).get("/:id/access", requireScreen("users"), requireAbility("users.edit"), async (c) => ok(c, await userAccess(c.var.sql, c.var.user, toId(c.req.param("id"))))).get("/:id", requireScreen("users"), requireAbility("users.view"), async (c) => {
  const { company_id: _, ...user } = await visibleUser(c.var.sql, c.var.user, toId(c.req.param("id")));
  return ok(c, user);
}).post("/", requireScreen("users"), requireAbility("users.create"), async (c) => {
  const input = userInput(await readBody(c));
  const { user, invited } = await createUser2(c.var.sql, c.var.user, input);
  if (!invited) return ok(c, user, "User created successfully.");
  c.var.mailer.wake();
  return ok(c, user, invitedMessage("User", input.email));
}).put("/:id", requireScreen("users"), requireAbility("users.edit"), async (c) => {
  const body = await readBody(c);
  const user = await updateUser2(c.var.sql, c.var.user, toId(c.req.param("id")), () => userInput(body), sha256(bearer(c.req.header("authorization"))));
  return ok(c, user, "User updated successfully.");
}).post("/:id/invite", requireScreen("users"), requireAbility("users.edit"), async (c) => {
  const current = await visibleUser(c.var.sql, c.var.user, toId(c.req.param("id")));
  await resendInvitation(c, current);
  return ok(c, null, `The invitation will be e-mailed again to ${current.email}.`);
}).delete("/:id", requireScreen("users"), requireAbility("users.delete"), async (c) => {
  await deleteUser2(c.var.sql, c.var.user, toId(c.req.param("id")));
  return ok(c, null, "User deleted successfully.");
});

// server/routes/user-import.ts
import { Hono as Hono15 } from "hono";
var userImportRoutes = new Hono15().post("/import", requireUser, requireScreen("users"), requireAbility("users.import"), async (c) => {
  const records = await recordsOf(await readSpreadsheet((await readBody(c)).file), USER_IMPORT_COLUMNS);
  return ok(c, { job_id: await importUsers(c.var.sql, c.var.user, records, () => c.var.mailer.wake()) }, "The import has started.");
}).post("/import/check", requireUser, requireScreen("users"), requireAbility("users.import"), async (c) => {
  const body = await readBody(c);
  const text3 = body.emails;
  const list = typeof text3 === "string" && text3.length <= SHEET_MAX_ROWS * (EMAIL_MAX_LENGTH + 2) ? text3.split("\n") : null;
  if (!list || list.length > SHEET_MAX_ROWS || list.some((e) => e.length > EMAIL_MAX_LENGTH + 1)) {
    throw validationError({ emails: [`The emails must be at most ${SHEET_MAX_ROWS.toLocaleString("en-US")} addresses of up to ${EMAIL_MAX_LENGTH} characters, one a line.`] });
  }
  return ok(c, { taken: await takenEmails(c.var.sql, list) });
});

// server/routes/pages.ts
import { Hono as Hono16 } from "hono";

// server/db/queries/pages.ts
var PAGE_LIST = {
  from: "pages",
  idCol: "id",
  columns: "id, title, content",
  search: ["title"],
  sort: { id: "id", title: "lower(title)" },
  defaultOrder: "id",
  csv: [["id", "id"], ["title", "title"]]
};
var listPages = (sql, page, lq, perPage = 10) => listPage(sql, PAGE_LIST, lq, ALL, page, perPage);
var getPage = (sql, id) => sql.get("SELECT id, title, content FROM pages WHERE id = ?", [id]);
var createPage = (sql, p) => sql.get("INSERT INTO pages (title, content) VALUES (?, ?) RETURNING id, title, content", [p.title, p.content]);
var updatePage = (sql, id, p) => sql.run("UPDATE pages SET title = ?, content = ? WHERE id = ?", [p.title, p.content, id]);
var deletePage = (sql, id) => sql.run("DELETE FROM pages WHERE id = ?", [id]);

// server/routes/pages.ts
function form(body) {
  const v = parseBody(PageInput, body);
  return { title: v.title.trim(), content: v.content };
}
var pageRoutes = new Hono16().use("*", requireUser, requireScreen("pages")).get("/", requireAbility("pages.view"), async (c) => ok(c, await listPages(c.var.sql, pageOf(c.req.query("page")), readListQuery(PAGE_LIST, c.req.query())))).get("/export", requireAbility("pages.view"), async (c) => csvExport(c, c.var.sql, PAGE_LIST, readListQuery(PAGE_LIST, c.req.query()), ALL, "pages")).post("/bulk-delete", requireAbility("pages.delete"), async (c) => bulkDeleted(c, await bulkAct(c.var.sql, PAGE_LIST, listInput(c.req.query(), await readBody(c)), ALL, deleteFrom("pages")))).get("/:id", requireAbility("pages.view"), async (c) => {
  const page = await getPage(c.var.sql, toId(c.req.param("id")));
  if (!page) throw notFound("Page");
  return ok(c, page);
}).post("/", requireAbility("pages.create"), async (c) => {
  return ok(c, await createPage(c.var.sql, form(await readBody(c))), "Page created successfully.");
}).put("/:id", requireAbility("pages.edit"), async (c) => {
  if (!await updatePage(c.var.sql, toId(c.req.param("id")), form(await readBody(c)))) throw notFound("Page");
  return ok(c, null, "Page updated successfully.");
}).delete("/:id", requireAbility("pages.delete"), async (c) => {
  if (!await deletePage(c.var.sql, toId(c.req.param("id")))) throw notFound("Page");
  return ok(c, null, "Page deleted successfully.");
});

// server/routes/menus.ts
import { Hono as Hono17 } from "hono";

// server/db/queries/menus.ts
var marks4 = (ids) => ids.map(() => "?").join(",");
async function withRoles2(sql, rows) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const links = await sql.all(
    `SELECT mr.menu_id, r.id, r.name FROM admin_menu_roles mr JOIN roles r ON r.id = mr.role_id WHERE mr.menu_id IN (${marks4(ids)}) ORDER BY r.id`,
    ids
  );
  return rows.map((m) => ({ ...m, roles: links.filter((l) => l.menu_id === m.id).map(({ id, name }) => ({ id, name })) }));
}
var MENU_LIST = {
  from: "admin_menus",
  idCol: "id",
  columns: "id, title, url, status",
  search: ["title"],
  sort: { id: "id", title: "lower(title)", url: "lower(url)", status: "status" },
  defaultOrder: "id",
  filters: { status: { values: ["1", "0"], where: "status = ?", param: Number } },
  csv: [["id", "id"], ["title", "title"], ["url", "url"], ["status", "status"]]
};
async function listMenus(sql, page, lq, perPage = 10) {
  const p = await listPage(sql, MENU_LIST, lq, ALL, page, perPage);
  return { ...p, data: await withRoles2(sql, p.data) };
}
var getMenu = async (sql, id) => (await withRoles2(sql, await sql.all("SELECT id, title, url, status FROM admin_menus WHERE id = ?", [id])))[0];
async function setRoles(tx, id, roleIds) {
  await tx.run("DELETE FROM admin_menu_roles WHERE menu_id = ?", [id]);
  await tx.runMany("INSERT INTO admin_menu_roles (menu_id, role_id) VALUES (?, ?)", roleIds.map((r) => [id, r]));
}
var createMenu = (sql, m) => sql.transaction(async (tx) => {
  const { id } = await tx.get("INSERT INTO admin_menus (title, url, status) VALUES (?, ?, ?) RETURNING id", [m.title, m.url, m.status]);
  await setRoles(tx, id, m.roleIds);
  return id;
});
var updateMenu = (sql, id, m) => sql.transaction(async (tx) => {
  if (!await tx.run("UPDATE admin_menus SET title = ?, url = ?, status = ? WHERE id = ?", [m.title, m.url, m.status, id])) return false;
  await setRoles(tx, id, m.roleIds);
  return true;
});
var deleteMenu = (sql, id) => sql.run("DELETE FROM admin_menus WHERE id = ?", [id]);

// server/routes/menus.ts
async function readMenu(sql, body) {
  const v = parseBody(MenuInput, body, { title: "menu title" });
  const roleIds = parseIdList(v.roles || "[]");
  if ((await unknownRoleIds(sql, roleIds)).length) throw validationError({ roles: ["The selected roles is invalid."] });
  return { title: v.title.trim(), url: (v.url ?? "").trim(), status: Number(v.status === void 0 || v.status === "" ? 2 : v.status), roleIds };
}
var menuRoutes = new Hono17().use("*", requireUser, requireScreen("adminmenus")).get("/", requireAbility("menus.view"), async (c) => ok(c, await listMenus(c.var.sql, pageOf(c.req.query("page")), readListQuery(MENU_LIST, c.req.query())))).get("/export", requireAbility("menus.view"), async (c) => csvExport(c, c.var.sql, MENU_LIST, readListQuery(MENU_LIST, c.req.query()), ALL, "menus")).post("/bulk-delete", requireAbility("menus.delete"), async (c) => bulkDeleted(c, await bulkAct(c.var.sql, MENU_LIST, listInput(c.req.query(), await readBody(c)), ALL, deleteFrom("admin_menus")))).get("/:id", requireAbility("menus.view"), async (c) => {
  const menu = await getMenu(c.var.sql, toId(c.req.param("id")));
  if (!menu) throw notFound("Menu");
  return ok(c, menu);
}).post("/", requireAbility("menus.create"), async (c) => {
  const menu = await readMenu(c.var.sql, await readBody(c));
  await assertMenuGrant(c.var.sql, c.var.user, void 0, menu);
  const id = await createMenu(c.var.sql, menu);
  return ok(c, await getMenu(c.var.sql, id), "Menu created successfully.");
}).put("/:id", requireAbility("menus.edit"), async (c) => {
  const id = toId(c.req.param("id"));
  const current = await getMenu(c.var.sql, id);
  if (!current) throw notFound("Menu");
  const menu = await readMenu(c.var.sql, await readBody(c));
  await assertMenuGrant(c.var.sql, c.var.user, current, menu);
  if (!await updateMenu(c.var.sql, id, menu)) throw notFound("Menu");
  return ok(c, await getMenu(c.var.sql, id), "Menu updated successfully.");
}).delete("/:id", requireAbility("menus.delete"), async (c) => {
  const current = await getMenu(c.var.sql, toId(c.req.param("id")));
  if (!current) throw notFound("Menu");
  await assertMenuGrant(c.var.sql, c.var.user, current, null);
  if (!await deleteMenu(c.var.sql, current.id)) throw notFound("Menu");
  return ok(c, null, "Menu deleted successfully.");
});

// server/routes/settings.ts
import { Hono as Hono18 } from "hono";

// server/lib/mail/smtp.ts
import { createRequire as createRequire3 } from "node:module";
var SEND_LIMIT_MS = 9e3;
var smtpReady = (s) => s.smtp_server.trim() !== "" && s.smtp_email.trim() !== "" && /^\d+$/.test(s.smtp_port.trim());
function transportOptions(s, tlsInsecure = false) {
  const type = s.smtp_type || "tls";
  return {
    host: s.smtp_server.trim(),
    port: Number(s.smtp_port),
    secure: type === "ssl",
    requireTLS: type === "tls",
    ignoreTLS: type === "none",
    auth: s.smtp_username ? { user: s.smtp_username, pass: s.smtp_password } : void 0,
    connectionTimeout: 6e3,
    greetingTimeout: 5e3,
    socketTimeout: 8e3,
    dnsTimeout: 4e3,
    tls: tlsInsecure ? { rejectUnauthorized: false } : void 0
  };
}
function header(v) {
  if (hasLineBreak(v)) throw Object.assign(new Error("A line break in an e-mail header was refused."), { code: "EHEADER" });
  return v;
}
var address = (addr, name = "") => name ? { name: header(name), address: header(addr) } : header(addr);
async function sendMessage(s, m, fromName = "", tlsInsecure = false) {
  const transport = createRequire3(import.meta.url)("nodemailer").createTransport(transportOptions(s, tlsInsecure));
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })), SEND_LIMIT_MS);
    });
    await Promise.race([timeout, transport.sendMail({
      from: address(s.smtp_email.trim(), fromName),
      to: address(m.to, m.toName),
      subject: header(m.subject),
      text: m.text,
      html: m.html
    })]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
function smtpFailure(err, s) {
  const e = err;
  const where = `${s.smtp_server.trim()}:${s.smtp_port.trim()}`;
  const raw = e.response ?? e.message ?? "";
  const said = (/routines:[^:]*:([^:]+)/.exec(raw)?.[1] ?? raw).replace(/\s+/g, " ").trim().slice(0, 200);
  const tlsWords = /TLS|SSL|certificate|wrong version number|EPROTO|handshake/i;
  if (e.code === "EAUTH" || e.code === "ENOAUTH" || e.responseCode === 535)
    return { field: "smtp_password", message: "The SMTP server refused the user name or password.", permanent: false };
  if (e.responseCode === 530)
    return { field: "smtp_username", message: "The SMTP server asks for a user name and password.", permanent: false };
  if (e.code === "ETLS" && /STARTTLS/i.test(e.message ?? ""))
    return { field: "smtp_type", message: `TLS failed: the SMTP server at ${where} does not accept STARTTLS. Check the SMTP Type and port.`, permanent: false };
  if (e.code === "ETLS" || e.code === "EREQUIRETLS" || e.code === "ESOCKET" && tlsWords.test(e.message ?? "") || /STARTTLS/i.test(e.message ?? ""))
    return { field: "smtp_type", message: `TLS failed with the SMTP server at ${where}: check the SMTP Type and port (${said}).`, permanent: false };
  if (e.code === "ETIMEDOUT")
    return { field: "smtp_server", message: `The SMTP server at ${where} did not answer in time.`, permanent: false };
  if (e.code === "ECONNECTION" || e.code === "EDNS" || e.code === "ESOCKET" || e.code === "ECONNREFUSED" || e.code === "ENOTFOUND")
    return { field: "smtp_server", message: `Could not connect to the SMTP server at ${where}: check the server and port.`, permanent: false };
  if (e.code === "EHEADER") return { field: "smtp_email", message: e.message ?? "Refused.", permanent: true };
  if (e.code === "EENVELOPE" && Number(e.responseCode) >= 500)
    return { field: "smtp_email", message: `The SMTP server refused the address: ${said}`, permanent: true };
  return { field: "smtp_server", message: `The SMTP server refused the e-mail: ${said || "no reason given"}`, permanent: false };
}

// server/routes/settings.ts
var short = [maxLength(255)];
var port = (v, l) => String(v ?? "") !== "" && !(Number(v) >= 1 && Number(v) <= 65535) ? `The ${l} must be between 1 and 65535.` : null;
var oneLine2 = (v, l) => hasLineBreak(String(v ?? "")) ? lineBreakMessage(l) : null;
var COMPANY_RULES = { name: [oneLine2, ...short], primary_mail: [email, ...short], sales_mail: [email, ...short], phone: [maxLength(50)], address: [maxLength(2e3)] };
var COMPANY_LABELS = { primary_mail: "primary mail", sales_mail: "sales mail" };
var EMAIL_RULES = {
  smtp_server: [oneLine2, ...short],
  smtp_email: [email, ...short],
  smtp_username: short,
  smtp_password: short,
  smtp_port: [integer, port],
  smtp_type: [oneOf(...SMTP_TYPES.map((t) => t.value))]
};
var EMAIL_LABELS = { smtp_server: "SMTP server", smtp_email: "SMTP email", smtp_username: "SMTP username", smtp_password: "SMTP password", smtp_port: "SMTP port", smtp_type: "SMTP type" };
function validateAll(...checks) {
  const errors = {};
  for (const check2 of checks) {
    try {
      check2();
    } catch (err) {
      if (err instanceof ApiError && err.errors) Object.assign(errors, err.errors);
      else throw err;
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
}
var checkCompany = (body) => () => validate(body, COMPANY_RULES, COMPANY_LABELS);
var checkEmail = (body) => () => validate(body, EMAIL_RULES, EMAIL_LABELS);
function companyOf2(body, current) {
  const logoValue = str(body, "logo");
  const image = logoValue === current.logo ? null : decodeImage(logoValue, "logo");
  return {
    image,
    next: {
      logo: logoValue === current.logo ? current.logo : "",
      name: str(body, "name").trim(),
      primary_mail: str(body, "primary_mail").trim(),
      sales_mail: str(body, "sales_mail").trim(),
      phone: str(body, "phone").trim(),
      address: str(body, "address")
    }
  };
}
function emailOf(body, current) {
  const password = str(body, "smtp_password");
  return {
    smtp_server: str(body, "smtp_server").trim(),
    smtp_email: str(body, "smtp_email").trim(),
    smtp_username: str(body, "smtp_username").trim(),
    smtp_password: password === "" ? current.smtp_password : password,
    smtp_port: str(body, "smtp_port").trim(),
    smtp_type: str(body, "smtp_type").trim()
  };
}
var emailView = (s) => ({ ...s, smtp_password: "", smtp_password_set: s.smtp_password !== "" });
async function saveSettings(c, company, mail) {
  const sql = c.var.sql;
  if (company?.image) company.next.logo = await storeImage(c.var.files, company.image, "settings");
  try {
    await sql.transaction(async (tx) => {
      if (company) await saveCompanySettings(tx, company.next);
      if (mail) {
        await saveEmailSettings(tx, mail);
        await dueNow(tx);
      }
    });
  } catch (err) {
    if (company?.image) await removeStoredImage(c.var.files, company.next.logo);
    throw err;
  }
  if (company?.current.logo && company.current.logo !== company.next.logo) await removeStoredImage(c.var.files, company.current.logo);
  if (mail) c.var.mailer.wake();
}
var getCompany = async (c) => ok(c, await getCompanySettings(c.var.sql));
async function putCompany(c) {
  const body = await readBody(c);
  validateAll(checkCompany(body));
  const current = await getCompanySettings(c.var.sql);
  const company = { ...companyOf2(body, current), current };
  await saveSettings(c, company, null);
  return ok(c, company.next, "Company settings updated successfully.");
}
var getEmail = async (c) => ok(c, emailView(await getEmailSettings(c.var.sql)));
async function putEmail(c) {
  const body = await readBody(c);
  validateAll(checkEmail(body));
  const next = emailOf(body, await getEmailSettings(c.var.sql));
  await saveSettings(c, null, next);
  return ok(c, emailView(next), "Email settings updated successfully.");
}
async function putBoth(c) {
  const body = await readBody(c);
  const hasCompany = COMPANY_FIELDS.some((f) => f in body), hasEmail = EMAIL_FIELDS.some((f) => f in body);
  if (!hasCompany && !hasEmail) throw validationError({ name: ["Send the company settings, the e-mail settings or both."] });
  validateAll(...hasCompany ? [checkCompany(body)] : [], ...hasEmail ? [checkEmail(body)] : []);
  const currentCompany = await getCompanySettings(c.var.sql);
  const company = hasCompany ? { ...companyOf2(body, currentCompany), current: currentCompany } : null;
  const mail = hasEmail ? emailOf(body, await getEmailSettings(c.var.sql)) : null;
  await saveSettings(c, company, mail);
  return ok(c, { company: company?.next ?? null, email: mail && emailView(mail) }, "Settings updated successfully.");
}
async function sendTest(c) {
  const body = await readBody(c);
  validateAll(checkEmail(body));
  const settings = emailOf(body, await getEmailSettings(c.var.sql));
  if (!smtpReady(settings)) throw validationError({ smtp_server: ["Fill in SMTP Server, SMTP Email and SMTP Port first."] });
  const company = (await getCompanySettings(c.var.sql)).name;
  const to = c.var.user.email;
  const mail = testMail(company, to);
  try {
    await sendMessage(settings, { to, toName: c.var.user.name, ...mail }, senderName(company), c.var.config.smtpTlsInsecure);
  } catch (err) {
    const f = smtpFailure(err, settings);
    await recordDirect(c.var.sql, { kind: "test", to, subject: mail.subject }, false, f.message);
    throw validationError({ [f.field]: [f.message] });
  }
  await recordDirect(c.var.sql, { kind: "test", to, subject: mail.subject }, true, "");
  return ok(c, { to }, `Test e-mail sent to ${to}.`);
}
async function outboxView(c) {
  const sql = c.var.sql;
  return ok(c, { waiting: await countWaiting(sql), smtp_ready: smtpReady(await getEmailSettings(sql)), recent: await recentMail(sql, 20) });
}
var settingsRoutes = new Hono18();
var view = [requireUser, requireScreen("settings"), requireAbility("settings.view")];
var edit = [requireUser, requireScreen("settings"), requireAbility("settings.edit")];
for (const path6 of ["/settings/company", "/companysettings"]) settingsRoutes.get(path6, ...view, getCompany).put(path6, ...edit, putCompany);
for (const path6 of ["/settings/email", "/emailsettings"]) settingsRoutes.get(path6, ...view, getEmail).put(path6, ...edit, putEmail);
settingsRoutes.put("/settings", ...edit, putBoth);
settingsRoutes.post("/settings/email/test", ...edit, sendTest);
settingsRoutes.get("/settings/email/outbox", ...view, outboxView);

// server/routes/organisers.ts
import { Hono as Hono19 } from "hono";

// server/db/queries/mail-recipients.ts
var SELECT = "SELECT u.id, u.name, u.email, u.password_hash, c.name AS organiser FROM users u LEFT JOIN companies c ON c.id = u.company_id";
var toRecipient = (r) => r && { id: r.id, name: r.name, email: r.email, invited: r.password_hash === "", organiser: r.organiser };
var recipientByEmail = async (sql, email2) => toRecipient(await sql.get(`${SELECT} WHERE lower(u.email) = lower(?)`, [email2]));
var recipientById = async (sql, id) => toRecipient(await sql.get(`${SELECT} WHERE u.id = ?`, [id]));

// server/db/queries/organisers.ts
var COLS4 = `c.id, c.name, c.email, c.phone, c.status, COALESCE(d.description, '') AS description, c.storage_quota_mb,
  (SELECT MIN(u.id) FROM users u WHERE u.company_id = c.id) AS user_id,
  CASE WHEN EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id AND u.password_hash = '') THEN 1 ELSE 0 END AS invited`;
var FROM = "companies c LEFT JOIN company_details d ON d.company_id = c.id";
var SELECT2 = `SELECT ${COLS4} FROM ${FROM}`;
var ORGANISER_LIST = {
  from: FROM,
  idCol: "c.id",
  columns: COLS4,
  search: ["c.name", "c.email"],
  sort: { id: "c.id", name: "lower(c.name)", email: "lower(c.email)", phone: "c.phone", status: "c.status" },
  defaultOrder: "c.id",
  filters: { status: { values: ["1", "0"], where: "c.status = ?", param: Number } },
  csv: [["id", "c.id"], ["name", "c.name"], ["email", "c.email"], ["phone", "c.phone"], ["status", "c.status"]]
};
var listOrganisers = (sql, page, lq, perPage = 10) => listPage(sql, ORGANISER_LIST, lq, ALL, page, perPage);
var getOrganiser = (sql, id) => sql.get(`${SELECT2} WHERE c.id = ?`, [id]);
var createOrganiser = (sql, o) => sql.transaction(async (tx) => {
  const id = await insertCompany(tx, o);
  await insertUser(tx, { name: o.name, email: o.email, passwordHash: o.passwordHash, roleId: o.companyRoleId, companyId: id });
  return id;
});
async function insertCompany(tx, c) {
  const { id } = await tx.get(
    "INSERT INTO companies (name, email, phone, status, storage_quota_mb, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    [c.name, c.email, c.phone, c.status, c.storageQuotaMb ?? DEFAULT_QUOTA_MB, Date.now()]
  );
  await tx.run("INSERT INTO company_details (company_id, description) VALUES (?, ?)", [id, c.description]);
  return id;
}
var updateOrganiser = (sql, id, o) => sql.transaction(async (tx) => {
  if (!await tx.run("UPDATE companies SET name = ?, phone = ? WHERE id = ?", [o.name, o.phone, id])) return false;
  if (o.status !== void 0) await tx.run("UPDATE companies SET status = ? WHERE id = ?", [o.status, id]);
  if (o.storageQuotaMb !== void 0) await tx.run("UPDATE companies SET storage_quota_mb = ? WHERE id = ?", [o.storageQuotaMb, id]);
  if (o.status !== void 0 && o.status !== 1) {
    await tx.run("UPDATE tokens SET revoked_at = ? WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE company_id = ?)", [Date.now(), id]);
  }
  await tx.run("INSERT INTO company_details (company_id, description) VALUES (?, ?) ON CONFLICT (company_id) DO NOTHING", [id, o.description]);
  await tx.run("UPDATE company_details SET description = ? WHERE company_id = ?", [o.description, id]);
  await tx.run("UPDATE users SET name = ? WHERE company_id = ?", [o.name, id]);
  if (o.passwordHash) await tx.run("UPDATE users SET password_hash = ? WHERE company_id = ?", [o.passwordHash, id]);
  return true;
});
var deleteOrganiser = (sql, id) => sql.run("DELETE FROM companies WHERE id = ?", [id]);

// server/routes/organisers.ts
var strong2 = (v) => String(v ?? "") === "" ? null : passwordProblem(String(v));
var quota = (v) => String(v ?? "").trim() === "" ? null : quotaProblem(String(v));
var common = { name: [required, maxLength(255)], phone: [maxLength(50)], description: [maxLength(5e3)], status: [oneOf(0, 1, 2)], storage_quota_mb: [quota] };
var quotaLabels = { storage_quota_mb: "storage quota" };
var quotaOf = (body) => str(body, "storage_quota_mb").trim() === "" ? void 0 : Number(str(body, "storage_quota_mb"));
var remove = async (c) => {
  const body = await readBody(c);
  validate(body, { organizer_id: [required] }, { organizer_id: "organizer id" });
  const id = toId(str(body, "organizer_id"));
  if (!Number.isInteger(id)) throw notFound("Organizer");
  const images = await c.var.sql.transaction((tx) => deleteCollectingImages(tx, "organiser", [id], async (t, one) => {
    if (!await deleteOrganiser(t, one)) throw notFound("Organizer");
  }));
  await removeLeftovers(c.var.files, images);
  return ok(c, null, "Organizer deleted successfully.");
};
var organiserRoutes = new Hono19().use("*", requireUser).get("/", requireScreen("organizers"), requireAbility("organisers.view"), async (c) => ok(c, await listOrganisers(c.var.sql, pageOf(c.req.query("page")), readListQuery(ORGANISER_LIST, c.req.query())))).get("/export", requireScreen("organizers"), requireAbility("organisers.view"), async (c) => csvExport(c, c.var.sql, ORGANISER_LIST, readListQuery(ORGANISER_LIST, c.req.query()), ALL, "organisers")).post("/bulk-delete", requireScreen("organizers"), requireAbility("organisers.delete"), async (c) => {
  const images = [];
  const n = await bulkAct(c.var.sql, ORGANISER_LIST, listInput(c.req.query(), await readBody(c)), ALL, async (tx, ids) => {
    images.push(...await deleteCollectingImages(tx, "organiser", ids, deleteOrganiser));
    return ids.length;
  });
  await removeLeftovers(c.var.files, images);
  return bulkDeleted(c, n);
}).post("/deleteOrganizer", requireScreen("organizers"), requireAbility("organisers.delete"), (c) => remove(c)).put("/deleteOrganizer", requireScreen("organizers"), requireAbility("organisers.delete"), (c) => remove(c)).get("/:id{[0-9]+}", async (c) => {
  const id = await assertOrganiserAccess(c.var.sql, c.var.user, toId(c.req.param("id")));
  const org = await getOrganiser(c.var.sql, id);
  if (!org) throw notFound("Organizer");
  return ok(c, { ...org, companydetails: { description: org.description }, storage: await storageOf(c.var.sql, id) });
}).post("/", requireScreen("organizers"), requireAbility("organisers.create"), async (c) => {
  const sql = c.var.sql;
  const body = await readBody(c);
  validate(body, { ...common, email: [required, email, maxLength(255)], password: [strong2, maxLength(255)] }, quotaLabels);
  if (await emailTaken(sql, str(body, "email"))) throw validationError({ email: ["The email has already been taken."] });
  const role = await findRoleByName(sql, "company");
  if (!role) throw new Error("The company role is missing; the seed makes it.");
  const id = await createOrganiser(sql, {
    name: str(body, "name").trim(),
    email: str(body, "email").trim(),
    phone: str(body, "phone").trim(),
    status: Number(str(body, "status") || 2),
    description: str(body, "description"),
    passwordHash: str(body, "password") ? await hashPassword(str(body, "password")) : "",
    companyRoleId: role.id,
    storageQuotaMb: quotaOf(body)
  });
  if (str(body, "password")) return ok(c, await getOrganiser(sql, id), "Organizer created successfully.");
  c.var.mailer.wake();
  return ok(c, await getOrganiser(sql, id), invitedMessage("Organizer", str(body, "email").trim()));
}).post("/:id{[0-9]+}/invite", requireScreen("organizers"), requireAbility("organisers.edit"), async (c) => {
  const org = await getOrganiser(c.var.sql, toId(c.req.param("id")));
  const user = org?.user_id ? await recipientById(c.var.sql, org.user_id) : void 0;
  if (!user) throw notFound("Organizer");
  await resendInvitation(c, user);
  return ok(c, null, `The invitation will be e-mailed again to ${user.email}.`);
}).put("/:id{[0-9]+}", async (c) => {
  const sql = c.var.sql;
  const id = await assertOrganiserAccess(sql, c.var.user, toId(c.req.param("id")));
  const body = await readBody(c);
  if (!c.var.user.isCompany && !c.var.user.abilities.has("organisers.edit")) throw forbidden("You do not have the permission to edit organisers.");
  validate(body, { ...common, phone: [required, maxLength(50)], password: [strong2, maxLength(255)] }, quotaLabels);
  const password = str(body, "password");
  const status = !c.var.user.isCompany && str(body, "status") !== "" ? Number(str(body, "status")) : void 0;
  if (c.var.user.isCompany && quotaOf(body) !== void 0) throw forbidden("Only an administrator can change the storage quota.");
  const done = await updateOrganiser(sql, id, {
    name: str(body, "name").trim(),
    phone: str(body, "phone").trim(),
    description: str(body, "description"),
    status,
    passwordHash: password.trim() ? await hashPassword(password) : void 0,
    storageQuotaMb: quotaOf(body)
  });
  if (!done) throw notFound("Organizer");
  const org = await getOrganiser(sql, id);
  if (password.trim() && org?.user_id) await revokeOtherTokens(sql, org.user_id, c.var.user.id === org.user_id ? sha256(bearer(c.req.header("authorization"))) : "");
  return ok(c, await getOrganiser(sql, id), "Organizer updated successfully.");
});

// server/routes/import-jobs.ts
import { Hono as Hono20 } from "hono";

// server/db/queries/import-undo.ts
async function getUndoJob(sql, id) {
  const r = await sql.get("SELECT id, kind, user_id, owner_key, state, finished_at, undone_at FROM import_jobs WHERE id = ?", [id]);
  return r && {
    id: Number(r.id),
    kind: r.kind,
    user_id: Number(r.user_id),
    owner_key: String(r.owner_key),
    state: String(r.state),
    finished_at: r.finished_at == null ? null : Number(r.finished_at),
    undone_at: r.undone_at == null ? null : Number(r.undone_at)
  };
}
var TABLE = { users: "users", photos: "event_photos" };
var USER_CHANGES = "'update', 'password_change', 'password_reset', 'password_set', 'status'";
var importedCount = async (sql, kind, id) => Number((await sql.get(`SELECT COUNT(*) AS n FROM ${TABLE[kind]} WHERE import_job_id = ?`, [id])).n);
async function undoBlockers(sql, job, limit = 20) {
  if (job.kind === "users") {
    const signedIn = "EXISTS (SELECT 1 FROM tokens t WHERE t.user_id = u.id)";
    const changed = `EXISTS (SELECT 1 FROM activity a WHERE a.resource = 'users' AND a.resource_id = u.id AND a.at > ? AND a.action IN (${USER_CHANGES}))`;
    const where2 = `u.import_job_id = ? AND (${signedIn} OR ${changed})`;
    const params2 = [job.id, job.finished_at ?? 0];
    const rows2 = await sql.all(
      `SELECT u.id, u.email AS label, CASE WHEN ${signedIn} THEN 1 ELSE 0 END AS used FROM users u WHERE ${where2} ORDER BY u.id LIMIT ${limit}`,
      params2
    );
    const total2 = Number((await sql.get(`SELECT COUNT(*) AS n FROM users u WHERE ${where2}`, params2)).n);
    return { rows: rows2.map((r) => ({ id: Number(r.id), label: r.label, reason: Number(r.used) ? "signed in since" : "edited since" })), total: total2 };
  }
  const where = "(import_job_id = ? AND changed_job_id IS NOT NULL) OR changed_job_id = ?";
  const rows = await sql.all(
    `SELECT id, bid_number AS label, CASE WHEN changed_job_id = ? THEN 1 ELSE 0 END AS mine FROM event_photos WHERE ${where} ORDER BY id LIMIT ${limit}`,
    [job.id, job.id, job.id]
  );
  const total = Number((await sql.get(`SELECT COUNT(*) AS n FROM event_photos WHERE ${where}`, [job.id, job.id])).n);
  return { rows: rows.map((r) => ({ id: Number(r.id), label: `Bid ${r.label}`, reason: Number(r.mine) ? "was on the event before this import replaced it" : "replaced by a later import" })), total };
}
var markUndone = (tx, id, at) => tx.run("UPDATE import_jobs SET undone_at = ? WHERE id = ? AND state = 'done' AND undone_at IS NULL", [at, id]);
async function deleteImported(tx, kind, id) {
  const table = TABLE[kind];
  let total = 0;
  for (; ; ) {
    const n = await tx.run(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE import_job_id = ? LIMIT ${WORK_SLICE})`, [id]);
    total += n;
    if (n < WORK_SLICE) return total;
    await nextTurn();
  }
}

// server/services/import-undo.ts
async function allowedJob(sql, user, id) {
  const job = await getUndoJob(sql, id);
  const organiser = job?.kind === "photos" && user.companyId !== null && job.owner_key === `organiser:${user.companyId}`;
  if (!job || !(job.user_id === user.id || user.isAdmin || organiser)) throw notFound("Import job");
  if (job.kind === "users" && !user.isAdmin && !user.abilities.has("users.delete")) throw forbidden("You do not have the permission to delete users.");
  return job;
}
async function undoPreview(sql, user, id) {
  const job = await allowedJob(sql, user, id);
  const blockers = await undoBlockers(sql, job);
  return { job_id: job.id, kind: job.kind, count: await importedCount(sql, job.kind, job.id), undone_at: job.undone_at, blocked: blockers.rows, blocked_total: blockers.total };
}
var nounOf = (kind, n) => kind === "users" ? n === 1 ? "user" : "users" : n === 1 ? "photo" : "photos";
var undoneMessage = (kind, n) => `Import undone: ${n.toLocaleString("en-US")} ${nounOf(kind, n)} removed.`;
function blockedMessage(kind, total, rows) {
  const noun = nounOf(kind, total);
  const named = rows.slice(0, 5).map((r) => `${r.label} (${r.reason})`).join(", ");
  const more = total > 5 ? ` and ${total - 5} more` : "";
  return `This import cannot be undone: ${total} ${noun} changed since it: ${named}${more}. Nothing was removed.`;
}
async function undoImport(sql, user, id, now, log2) {
  const job = await allowedJob(sql, user, id);
  if (job.undone_at !== null) throw new ApiError(409, "This import was already undone.");
  if (job.state !== "done") throw new ApiError(409, "Only a finished import can be undone.");
  return sql.transaction(async (tx) => {
    if (await markUndone(tx, job.id, now) !== 1) throw new ApiError(409, "This import was already undone.");
    const blockers = await undoBlockers(tx, job);
    if (blockers.total > 0) {
      throw new ApiError(409, blockedMessage(job.kind, blockers.total, blockers.rows), void 0, { blocked: blockers.rows, blocked_total: blockers.total });
    }
    const count3 = await deleteImported(tx, job.kind, job.id);
    await log2(tx, job, count3);
    return { count: count3, message: undoneMessage(job.kind, count3) };
  });
}

// server/routes/import-jobs.ts
var importJobRoutes = new Hono20().use("*", requireUser).get("/current", async (c) => {
  const kind = c.req.query("kind");
  if (kind !== "users" && kind !== "photos") throw validationError({ kind: ["The selected kind is invalid."] });
  const id = await activeJobOf(c.var.sql, c.var.user.id, kind);
  return ok(c, id === void 0 ? null : await readJob(c.var.sql, Number(id)) ?? null);
}).get("/:id/undo", async (c) => ok(c, await undoPreview(c.var.sql, c.var.user, toId(c.req.param("id"))))).post("/:id/undo", async (c) => {
  const { count: count3, message } = await undoImport(c.var.sql, c.var.user, toId(c.req.param("id")), c.var.config.now(), (tx, job, n) => recordActivity(tx, c, {
    action: "undo_import",
    resource: "imports",
    resource_id: job.id,
    label: job.kind === "users" ? "Users import" : "Event photos import",
    changes: { [job.kind === "users" ? "users" : "photos"]: { from: n, to: 0 } }
  }));
  return ok(c, { count: count3 }, message);
}).get("/:id", async (c) => {
  const id = toId(c.req.param("id"));
  const owner = await jobOwner(c.var.sql, id);
  if (owner === void 0 || Number(owner) !== c.var.user.id && !c.var.user.isAdmin) throw notFound("Import job");
  return ok(c, await readJob(c.var.sql, id));
});

// server/routes/dashboard-stats.ts
import { Hono as Hono21 } from "hono";

// server/db/queries/dashboard-stats.ts
var count2 = async (sql, q, p = []) => Number((await sql.get(q, p))?.n ?? 0);
function monthsAround(month) {
  const [y, m] = month.split("-").map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 7 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}
async function dashboardStats(sql, month) {
  const months = monthsAround(month);
  const rows = await sql.all(
    `SELECT substr(start_date, 1, 7) AS month, COUNT(*) AS n FROM campaigns
     WHERE substr(start_date, 1, 7) >= ? AND substr(start_date, 1, 7) <= ? GROUP BY substr(start_date, 1, 7)`,
    [months[0], months[11]]
  );
  const per = new Map(rows.map((r) => [r.month, Number(r.n)]));
  return {
    organisers: await count2(sql, "SELECT COUNT(*) AS n FROM companies"),
    events: await count2(sql, "SELECT COUNT(*) AS n FROM events"),
    photos: await count2(sql, "SELECT COUNT(*) AS n FROM event_photos"),
    videos_waiting: await count2(sql, "SELECT COUNT(*) AS n FROM participant_videos WHERE status = 1"),
    campaigns_per_month: months.map((m) => ({ month: m, campaigns: per.get(m) ?? 0 }))
  };
}

// server/routes/dashboard-stats.ts
var dashboardStatsRoutes = new Hono21().use("*", requireUser).get("/", requireScreen("organizers"), async (c) => ok(c, await dashboardStats(c.var.sql, (/* @__PURE__ */ new Date()).toISOString().slice(0, 7))));

// server/routes/delete-impact.ts
import { Hono as Hono22 } from "hono";
var deleteImpactRoutes = new Hono22().use("/deleteImpact", requireUser).get("/deleteImpact", async (c) => {
  const { sql, user } = c.var;
  const given = ["organizer_id", "event_id", "campaign_id"].filter((k) => c.req.query(k));
  if (given.length !== 1) throw validationError({ id: ["Send exactly one of organizer_id, event_id or campaign_id."] });
  const id = toId(c.req.query(given[0]));
  let scope;
  if (given[0] === "organizer_id") {
    await assertOrganiserAccess(sql, user, id);
    if (!Number.isInteger(id) || !await companyExists(sql, id)) throw notFound("Organizer");
    scope = { kind: "organiser", id };
  } else if (given[0] === "event_id") scope = { kind: "event", id: (await eventInScope(sql, user, id)).id };
  else scope = { kind: "campaign", id: (await campaignInScope(sql, user, id)).id };
  return ok(c, await deleteImpact(sql, scope));
});

// server/routes/activity.ts
import { Hono as Hono23 } from "hono";
async function readScope(c) {
  const lq = readListQuery(ACTIVITY_LIST, c.req.query());
  const u = c.var.user;
  if (u.isCompany) {
    if (lq.filters.organizer_id && Number(lq.filters.organizer_id) !== u.companyId) throw forbidden("This organiser is not yours.");
    return { lq, scope: { where: "a.organizer_id = ?", params: [u.companyId ?? 0] } };
  }
  if (!u.abilities.has("activity.view") || !await mayOpen(c.var.sql, u, "activity")) throw forbidden("You do not have the permission to view activity.");
  return { lq, scope: ALL };
}
var activityRoutes = new Hono23().use("*", requireUser).get("/", async (c) => {
  const { lq, scope } = await readScope(c);
  return ok(c, await listActivity(c.var.sql, pageOf(c.req.query("page")), lq, scope));
}).get("/export", async (c) => {
  const { lq, scope } = await readScope(c);
  return csvExport(c, c.var.sql, ACTIVITY_LIST, lq, scope, "activity");
});

// server/routes/index.ts
var apiRoutes = new Hono24().get("/ping", (c) => c.json({ status: "success", message: "", data: "pong" })).route("/", authRoutes).route("/", accountRoutes).route("/organiser", bookingRoutes).route("/organiser/holiday", workingDayRoutes).route("/holiday", workingDayRoutes).route("/organiser-dashboard", organiserDashboardRoutes).route("/dashboard-stats", dashboardStatsRoutes).route("/", eventRoutes).route("/", eventPhotoRoutes).route("/", campaignRoutes).route("/", templateRoutes).route("/", participantVideoRoutes).route("/", conferenceUserRoutes).route("/permission", permissionRoutes).route("/role", roleRoutes).route("/user", userImportRoutes).route("/user", userRoutes).route("/page", pageRoutes).route("/adminmenu", menuRoutes).route("/", settingsRoutes).route("/", deleteImpactRoutes).route("/organiser", organiserRoutes).route("/import-job", importJobRoutes).route("/activity", activityRoutes);

// server/recognition/routes.ts
import { Hono as Hono25 } from "hono";

// server/db/queries/recognition.ts
async function insertRecognitionEvent(sql, payload, companyId = null) {
  const row = await sql.get(
    "INSERT INTO recognition_events (payload, company_id, created_at) VALUES (?, ?, ?) RETURNING id",
    [JSON.stringify(payload), companyId, Date.now()]
  );
  return row.id;
}
async function recordUpstreamEvent(sql, id, payload, companyId) {
  await sql.run("DELETE FROM recognition_events WHERE id = ?", [id]);
  await sql.run("INSERT INTO recognition_events (id, payload, company_id, created_at) VALUES (?, ?, ?, ?)", [id, JSON.stringify(payload), companyId, Date.now()]);
}
var getRecognitionEvent = (sql, id) => sql.get("SELECT id, payload, bib_filter, company_id FROM recognition_events WHERE id = ?", [id]);
var setPayload = (sql, id, payload) => sql.run("UPDATE recognition_events SET payload = ? WHERE id = ?", [JSON.stringify(payload), id]);
var setBibFilter = (sql, id, filter) => sql.run("UPDATE recognition_events SET bib_filter = ? WHERE id = ?", [JSON.stringify(filter), id]);
var deleteRecognitionEvent = (sql, id) => sql.run("DELETE FROM recognition_events WHERE id = ?", [id]);
async function insertParticipantPayment(sql, eventId, payload) {
  const row = await sql.get(
    "INSERT INTO recognition_participant_payments (event_id, payload, created_at) VALUES (?, ?, ?) RETURNING id",
    [eventId, JSON.stringify(payload), Date.now()]
  );
  return row.id;
}

// server/recognition/access.ts
var requireRecognitionUser = async (c, next) => {
  const user = c.var.user;
  if (!user.isCompany && !await mayOpen(c.var.sql, user, "organizers")) throw forbidden("You are not allowed to do this.");
  await next();
};
var ownerOf = (user) => user.isCompany ? user.companyId : null;
async function recognitionEventInScope(sql, user, id) {
  const row = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await getRecognitionEvent(sql, id) : void 0;
  if (!row) throw notFound("Event");
  if (user.isCompany && (row.company_id === null || Number(row.company_id) !== user.companyId)) {
    throw forbidden("This photo-recognition event is not yours.");
  }
  return row;
}

// server/recognition/upstream.ts
var UPSTREAM_TIMEOUT_MS = 1e4;
var MAX_ANSWER = 1024 * 1024;
async function callUpstream(base, token, method, path6, body) {
  const url = `${base.replace(/\/+$/, "")}/${path6}`;
  let res;
  try {
    res = await fetch(url, {
      method,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      redirect: "error",
      headers: { Accept: "application/json", "X-Api-Key": token, ...body === void 0 ? {} : { "Content-Type": "application/json" } },
      body: body === void 0 ? void 0 : JSON.stringify(body)
    });
  } catch (err) {
    if (err.name === "TimeoutError") throw new ApiError(503, "The photo-recognition service did not answer in time. Try again.");
    throw new ApiError(502, "The photo-recognition service could not be reached. Try again later.");
  }
  const text3 = await res.text().catch(() => "");
  let parsed = null;
  try {
    parsed = text3.length <= MAX_ANSWER ? JSON.parse(text3) : null;
  } catch {
    parsed = null;
  }
  if (res.status === 401 || res.status === 403) throw new ApiError(502, "The photo-recognition service refused the server's token.");
  if (!parsed || typeof parsed !== "object" || res.status >= 500) throw new ApiError(502, "The photo-recognition service answered with an error. Try again later.");
  return { status: res.status, body: parsed };
}
function throwUnlessOk(a) {
  if (a.status >= 200 && a.status < 300 && (a.body.status === void 0 || a.body.status === "success")) return;
  const status = [404, 409, 413, 422, 429].find((s) => s === a.status) ?? 422;
  throw new ApiError(status, a.body.message || "The photo-recognition service refused the request.", a.body.errors);
}

// src/common/participant-payment.ts
var PAYMENT_BIB_REQUIRED = "Enter the participant's BIB number.";
var PAYMENT_BIB_WHOLE = `The BIB number must be a whole number of at most ${BIB_MAX_DIGITS} digits.`;
var PAYMENT_EMAIL = "Enter a valid e-mail address, or leave it empty.";
var PAYMENT_SLAB = "Choose a payment slab.";
function participantPaymentProblems(p, slabIds) {
  const bib = String(p.bib_number ?? "").slice(0, BIB_MAX_DIGITS + 2).trim();
  const email2 = String(p.email ?? "").slice(0, EMAIL_MAX_LENGTH + 1).trim();
  const slab = String(p.payment_slab ?? "").slice(0, 12).trim();
  const out = {};
  if (bib === "") out.bib_number = PAYMENT_BIB_REQUIRED;
  else if (!/^\d+$/.test(bib) || bib.length > BIB_MAX_DIGITS) out.bib_number = PAYMENT_BIB_WHOLE;
  if (email2 !== "" && (email2.length > EMAIL_MAX_LENGTH || !isEmail(email2))) out.email = PAYMENT_EMAIL;
  if (!/^[1-9]\d{0,8}$/.test(slab) || slabIds && !slabIds.includes(slab)) out.payment_slab = PAYMENT_SLAB;
  return out;
}

// server/recognition/routes.ts
var PAYMENT_SLABS = {
  1: { name: "Basic", description: "Single photo download per participant" },
  2: { name: "Standard", description: "Up to 10 photos per participant" },
  3: { name: "Premium", description: "All photos of the participant, high resolution" }
};
var bool = (v, l) => v === void 0 || typeof v === "boolean" ? null : `The ${l} field must be true or false.`;
var tolerance = (v, l) => v === void 0 || v === "" || Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 1 ? null : `The ${l} must be between 0 and 1.`;
var slug = (v, l) => isSubdomain(v) ? null : `The ${l} may only contain letters, numbers and dashes.`;
var text2 = (v, l) => v === void 0 || v === null || ["string", "number"].includes(typeof v) ? null : `The ${l} must be text.`;
var bibRules = { is_bib_present: [bool], ...Object.fromEntries(["bib_start_range", "bib_end_range", "bib_prefix", "bib_suffix", "bib_length"].map((k) => [k, [text2, maxLength(64)]])) };
var sponsors = structured((v, l) => {
  if (v === void 0 || v === null || v === "") return null;
  const names2 = Array.isArray(v) ? v : [v];
  if (names2.length > SPONSORS_MAX_LENGTH || !names2.every((n) => typeof n === "string")) return `The ${l} must be a list of names.`;
  return names2.reduce((n, s) => n + s.length, 0) > SPONSORS_MAX_LENGTH ? `The ${l} may not be greater than ${SPONSORS_MAX_LENGTH} characters.` : null;
});
var PHOTO_POINTS_MAX = 2e3;
var photoPoints = structured((v, l) => {
  if (v === void 0 || v === null || v === "") return null;
  if (!Array.isArray(v)) return `The ${l} must be a list.`;
  return JSON.stringify(v).length > PHOTO_POINTS_MAX ? `The ${l} may not be greater than ${PHOTO_POINTS_MAX} characters.` : null;
});
var EVENT_FIELDS = [
  "name",
  "location",
  "type",
  "is_active",
  "is_sales",
  "from_date",
  "to_date",
  "organizer",
  "sponsors",
  "fr1",
  "fr2",
  "fr3",
  "slug",
  "payment",
  "is_sales_combined",
  "is_date_filter_enabled",
  "photo_points",
  "is_dynamic_branding_enabled"
];
var readEventBody = async (c) => {
  const body = await readBody(c);
  validate(body, {
    name: [required, maxLength(255)],
    slug: [required, slug, maxLength(SUBDOMAIN_MAX_LENGTH)],
    from_date: [required, date],
    to_date: [required, date],
    is_active: [bool],
    is_sales: [bool],
    is_sales_combined: [bool],
    is_date_filter_enabled: [bool],
    is_dynamic_branding_enabled: [bool],
    fr1: [tolerance],
    fr2: [tolerance],
    fr3: [tolerance],
    location: [text2, maxLength(255)],
    organizer: [text2, maxLength(255)],
    type: [text2, oneOf(...EVENT_TYPES)],
    sponsors: [sponsors],
    payment: [text2, maxLength(9)],
    photo_points: [photoPoints]
  }, { photo_points: "photo points" });
  if (String(body.to_date) < String(body.from_date)) throw new ApiError(422, "The to date must be on or after the from date.", { to_date: ["The to date must be on or after the from date."] });
  return Object.fromEntries(EVENT_FIELDS.filter((k) => body[k] !== void 0).map((k) => [k, body[k]]));
};
var upstream = (c) => c.var.config.recognitionUpstreamUrl ?? "";
var forward = async (c, method, path6, body) => {
  const a = await callUpstream(upstream(c), c.var.config.recognitionToken, method, path6, body);
  throwUnlessOk(a);
  return a.body;
};
var recognitionRoutes = new Hono25().use("*", requireUser, requireRecognitionUser).get("/payment-slabs", async (c) => ok(c, upstream(c) ? (await forward(c, "GET", "payment-slabs")).data : PAYMENT_SLABS)).post("/events", async (c) => {
  const body = await readEventBody(c);
  const owner = ownerOf(c.var.user);
  if (!upstream(c)) return ok(c, { id: await c.var.sql.transaction((tx) => withinQuota(tx, owner, "name", () => insertRecognitionEvent(tx, body, owner))) }, "Event created successfully.");
  const answer = await forward(c, "POST", "events", body);
  const id = Number(answer.data?.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(502, "The photo-recognition service answered without an event id.");
  await c.var.sql.transaction((tx) => withinQuota(tx, owner, "name", () => recordUpstreamEvent(tx, id, body, owner)));
  return ok(c, { id }, answer.message || "Event created successfully.");
}).put("/events/:id", async (c) => {
  const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(c.req.param("id")));
  const body = await readEventBody(c);
  if (upstream(c)) await forward(c, "PUT", `events/${event.id}`, body);
  await c.var.sql.transaction((tx) => withinQuota(tx, event.company_id, "name", () => setPayload(tx, event.id, body)));
  return ok(c, { id: event.id }, "Event updated successfully.");
}).delete("/events/:id", async (c) => {
  const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(c.req.param("id")));
  if (upstream(c)) await forward(c, "DELETE", `events/${event.id}`);
  await deleteRecognitionEvent(c.var.sql, event.id);
  return ok(c, null, "Event deleted successfully.");
}).post("/events/payment/participant", async (c) => {
  const body = await readBody(c);
  validate(body, { event_id: [required], bib_number: [text2, maxLength(64)], email: [text2, maxLength(300)], payment_slab: [text2, maxLength(16)] });
  const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(String(body.event_id)));
  const problems = participantPaymentProblems(body, upstream(c) ? void 0 : Object.keys(PAYMENT_SLABS));
  if (Object.keys(problems).length) throw validationError(Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]])));
  const payment = {
    event_id: event.id,
    bib_number: String(body.bib_number).trim(),
    email: String(body.email ?? "").trim(),
    payment_slab: String(body.payment_slab).trim()
  };
  if (upstream(c)) return ok(c, (await forward(c, "POST", "events/payment/participant", payment)).data, "Payment saved successfully.");
  const id = await c.var.sql.transaction((tx) => insertParticipantPayment(tx, event.id, payment));
  return ok(c, { id, ...payment }, "Payment saved successfully.");
}).post("/events/:id/bib_filter", async (c) => {
  const event = await recognitionEventInScope(c.var.sql, c.var.user, toId(c.req.param("id")));
  const body = await readBody(c);
  validate(body, bibRules);
  const range = bibRangeProblems(body.bib_start_range, body.bib_end_range, body.bib_length);
  if (Object.keys(range).length) throw validationError(Object.fromEntries(Object.entries(range).map(([k, m]) => [k, [m]])));
  const filter = {
    bib_start_range: String(body.bib_start_range ?? ""),
    bib_end_range: String(body.bib_end_range ?? ""),
    bib_prefix: String(body.bib_prefix ?? ""),
    bib_suffix: String(body.bib_suffix ?? ""),
    bib_length: String(body.bib_length ?? ""),
    is_bib_present: body.is_bib_present === true
  };
  if (upstream(c)) await forward(c, "POST", `events/${event.id}/bib_filter`, filter);
  if (!await c.var.sql.transaction((tx) => withinQuota(tx, event.company_id, "bib_start_range", () => setBibFilter(tx, event.id, filter)))) throw notFound("Event");
  return ok(c, filter, "BIB filter saved successfully.");
});

// server/lib/files/disk-store.ts
import * as fsp from "node:fs/promises";
import { randomUUID as randomUUID2 } from "node:crypto";
import path2 from "node:path";
function diskStore(dataDir, fs = fsp) {
  const root = path2.join(dataDir, "uploads");
  const file = (key) => {
    if (!FILE_KEY.test(key)) throw new Error(`file store: bad key ${key}`);
    return path2.join(root, key);
  };
  const writeWhole = async (target, bytes) => {
    const temp = path2.join(path2.dirname(target), `.${path2.basename(target)}.${randomUUID2()}.tmp`);
    try {
      await fs.mkdir(path2.dirname(target), { recursive: true });
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => void 0);
      throw storeFailure(err);
    }
  };
  return {
    kind: "disk",
    put: (key, bytes) => writeWhole(file(key), bytes),
    async get(key) {
      if (!FILE_KEY.test(key)) return void 0;
      try {
        return await fs.readFile(file(key));
      } catch {
        return void 0;
      }
    },
    async has(key) {
      if (!FILE_KEY.test(key)) return false;
      try {
        return (await fs.stat(file(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(keys) {
      for (const key of keys) if (FILE_KEY.test(key)) await fs.rm(file(key), { force: true });
    },
    async probe() {
      const p = path2.join(root, `.probe-${randomUUID2()}`);
      try {
        await writeWhole(p, "ok");
      } finally {
        await fs.rm(p, { force: true }).catch(() => void 0);
      }
    }
  };
}

// server/middleware/request-log.ts
var requestLog = (logger) => async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const line = {
      req_id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      user: c.get("user")?.id ?? null
    };
    logger.info(line, "request");
  }
};

// server/app.ts
import { requestId } from "hono/request-id";

// server/routes/health.ts
var CHECK_TIMEOUT_MS = 3e3;
var within = (p) => Promise.race([
  p,
  new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref())
]);
async function check(run2) {
  try {
    await within(run2());
    return "ok";
  } catch (err) {
    return `failing: ${err.message || "error"}`;
  }
}
async function health(c) {
  const { sql, files } = c.var;
  const database = await check(() => pingDatabase(sql));
  const applied = database === "ok" ? await check(async () => {
    const done = await appliedMigrations(sql);
    const missing2 = migrations.filter((m) => !done.has(m.id)).map((m) => m.id);
    if (missing2.length) throw new Error(`not applied: ${missing2.join(", ")}`);
  }) : "failing: database unreachable";
  const storage = await check(() => files.probe());
  const healthy = database === "ok" && applied === "ok" && storage === "ok";
  c.header("Cache-Control", "no-store");
  return c.json({
    status: healthy ? "success" : "server_error",
    message: healthy ? "OK" : "The service is not healthy.",
    data: { database, migrations: applied, storage, engine: sql.engine, storage_kind: files.kind }
  }, healthy ? 200 : 503);
}

// server/routes/uploads.ts
async function serveUpload(c) {
  const key = c.req.path.slice("/uploads/".length);
  if (!FILE_KEY.test(key)) return missing(c);
  const etag = `"${key.replace("/", "-")}"`;
  if (c.req.header("if-none-match") === etag && await c.var.files.has(key)) return c.body(null, 304, { ETag: etag, "Cache-Control": CACHE });
  const bytes = await c.var.files.get(key);
  if (!bytes) return missing(c);
  return c.body(new Uint8Array(bytes), 200, {
    "Content-Type": contentTypeOf(key),
    "Content-Length": String(bytes.length),
    "Cache-Control": CACHE,
    ETag: etag
  });
}
var CACHE = "public, max-age=86400";
var missing = (c) => c.json({ status: "not_found", message: "Not found.", data: null }, 404);

// server/lib/mail/sender.ts
import { hostname } from "node:os";
import { randomBytes as randomBytes5 } from "node:crypto";
var idleMailer = { wake() {
}, stop: async () => {
} };
var MAX_ATTEMPTS = 100;
function startMailSender(sql, env2, o = {}) {
  const pollMs = o.pollMs ?? 2e3, base = o.retryBaseMs ?? 3e4, max = o.retryMaxMs ?? 15 * 6e4;
  const leaseMs2 = o.leaseMs ?? 12e4, batch = o.batch ?? 10;
  const owner = `${hostname()}:${process.pid}:${randomBytes5(4).toString("hex")}`;
  let timer;
  let running2;
  let again = false, stopped = false;
  const delay = (attempts) => Math.min(max, base * 2 ** Math.min(30, attempts - 1)) * (0.8 + Math.random() * 0.4);
  async function render(row, company) {
    if (row.kind !== "reset" && row.kind !== "invite") return { to: row.to_address, toName: row.to_name, subject: row.subject, text: row.body_text, html: row.body_html };
    const who = row.kind === "reset" ? await recipientByEmail(sql, row.to_address) : await recipientById(sql, Number(row.ref_id));
    if (!who) return { skip: row.kind === "reset" ? "No account has this address; nothing was sent." : "The user was deleted; nothing was sent." };
    if (row.kind === "invite" && !who.invited) return { skip: "The invitation was already accepted." };
    const token = await sql.transaction((tx) => issueLinkToken(tx, who.id, row.kind, env2.now()));
    const url = linkUrl(env2.publicUrl(), row.kind, token);
    const mail = row.kind === "reset" ? resetMail(company, who.name, url) : inviteMail(company, who.name, url, `${env2.publicUrl().replace(/\/+$/, "")}/login`, who.organiser ?? void 0);
    return { to: who.email, toName: who.name, ...mail };
  }
  async function pass() {
    const settings = await getEmailSettings(sql);
    if (!smtpReady(settings)) return false;
    const company = (await getCompanySettings(sql)).name;
    const rows = await claimMail(sql, owner, leaseMs2, batch);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      try {
        const msg = await render(row, company);
        if ("skip" in msg) {
          await markDone(sql, row.id, owner, "skipped", msg.skip);
          continue;
        }
        await sendMessage(settings, msg, company || "Events Back-office", o.tlsInsecure);
        await markSent(sql, row.id, owner);
      } catch (err) {
        const f = smtpFailure(err, settings);
        if (f.permanent || row.attempts >= MAX_ATTEMPTS) {
          await markDone(sql, row.id, owner, "failed", f.message);
          continue;
        }
        for (const r of rows.slice(i)) await markRetry(sql, r.id, owner, delay(r.attempts), f.message);
        return false;
      }
    }
    return rows.length === batch;
  }
  const schedule = (ms) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  function tick() {
    if (running2) {
      again = true;
      return;
    }
    again = false;
    running2 = pass().catch((err) => {
      log.error({ err }, "Mail sender pass failed");
      return false;
    }).then((more) => {
      running2 = void 0;
      schedule(more || again ? 0 : pollMs);
    });
  }
  schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running2;
    }
  };
}

// server/routes/console.ts
import { serveStatic } from "@hono/node-server/serve-static";
import { compress } from "hono/compress";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { createHash as createHash4 } from "node:crypto";
import { existsSync, readFileSync, statSync as statSync2 } from "node:fs";
import path3 from "node:path";
import { parseAccept } from "hono/utils/accept";
var IMMUTABLE = "public, max-age=31536000, immutable";
var HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+(\.br|\.gz)?$/;
function consoleFiles(staticDir) {
  let files;
  const make = () => serveStatic({
    root: staticDir,
    precompressed: true,
    onFound: (p, c) => {
      c.header("Cache-Control", HASHED.test(p) ? IMMUTABLE : "no-cache");
      if (!/accept-encoding/i.test(c.res.headers.get("Vary") ?? "")) c.header("Vary", "Accept-Encoding", { append: true });
    }
  });
  const gzipConfig = compress({ threshold: 0 });
  return [
    (c, next) => c.req.path === "/config.js" ? gzipConfig(c, next) : next(),
    (c, next) => {
      if (!files && existsSync(staticDir)) files = make();
      return files ? files(c, next) : next();
    }
  ];
}
function pickEncoding(accept) {
  if (!accept) return void 0;
  const list = parseAccept(accept);
  const q = (name) => list.find((a) => a.type.toLowerCase() === name)?.q ?? list.find((a) => a.type === "*")?.q ?? 0;
  const br = q("br"), gz = q("gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : void 0;
}
function consolePage(staticDir) {
  const indexFile = path3.join(staticDir, "index.html");
  let built = -1;
  let areas = [];
  const pages = /* @__PURE__ */ new Map();
  const load = () => {
    const mtime = statSync2(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === void 0) return false;
    if (mtime !== built) {
      pages.clear();
      try {
        const manifest = JSON.parse(readFileSync(path3.join(staticDir, "preload.json"), "utf8"));
        areas = manifest.areas.map((a) => ({ route: new RegExp(a.route), chunks: a.chunks }));
      } catch {
        areas = [];
      }
      built = mtime;
    }
    return true;
  };
  const page = (chunks) => {
    const key = chunks.join(" ");
    let p = pages.get(key);
    if (!p) {
      const links = chunks.map((u) => `<link rel="modulepreload" href="${u}">
`).join("");
      const html = readFileSync(indexFile, "utf8").replace("</head>", `${links}</head>`);
      const body = Buffer.from(html);
      p = {
        html,
        etag: `"${createHash4("sha256").update(body).digest("base64url").slice(0, 22)}"`,
        br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 })
      };
      pages.set(key, p);
    }
    return p;
  };
  return (c) => {
    if (!load()) return c.text("The console is not built: run `npm run build`.", 503);
    const chunks = [...new Set(areas.filter((a) => a.route.test(c.req.path)).flatMap((a) => a.chunks))];
    const p = page(chunks);
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    const tag = encoding ? `${p.etag.slice(0, -1)}-${encoding}"` : p.etag;
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Encoding");
    c.header("ETag", tag);
    if (c.req.header("if-none-match")?.split(/\s*,\s*/).includes(tag)) return c.body(null, 304);
    if (!encoding) return c.html(p.html);
    c.header("Content-Encoding", encoding);
    c.header("Content-Type", "text/html; charset=UTF-8");
    return c.body(new Uint8Array(encoding === "br" ? p.br : p.gzip));
  };
}

// server/lib/auth/session-cache.ts
var SESSION_CACHE_MS = 1e3;
var SESSION_CACHE_MAX = 1e4;
function sessionCache(ttlMs = SESSION_CACHE_MS, max = SESSION_CACHE_MAX, clock = () => performance.now()) {
  const entries = /* @__PURE__ */ new Map();
  let generation = 0;
  return {
    async lookup(hash, load) {
      const now = clock();
      const hit = entries.get(hash);
      if (hit && now - hit.at < ttlMs) return hit.user;
      if (hit) entries.delete(hash);
      const seen = generation;
      const user = await load();
      if (user && seen === generation && ttlMs > 0) {
        if (entries.size >= max) entries.delete(entries.keys().next().value);
        entries.set(hash, { user, at: now });
      }
      return user;
    },
    forget() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    }
  };
}

// server/lib/http/openapi.ts
import { z as z2 } from "zod";
var openApiPath = (p) => p.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?\??/g, "{$1}").replace(/\/\*$/, "/{path}").replace(/^\*$/, "/{path}");
function documentedRoutes(routes) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const r of routes) {
    if (r.method === "ALL" || r.path === "*" || r.path === "/*") continue;
    const key = `${r.method} ${openApiPath(r.path)}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ method: r.method, path: openApiPath(r.path) });
    }
  }
  return out;
}
var json2 = (s, io) => {
  const { $schema: _drop, ...rest } = z2.toJSONSchema(s, { io, unrepresentable: "any" });
  return rest;
};
var GENERIC = { $ref: "#/components/schemas/Envelope" };
function openApiDocument(routes, version = "1.0.0") {
  const paths = {};
  const error = { description: "Refused: the error envelope (422 carries errors by field).", content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } } };
  for (const r of documentedRoutes(routes)) {
    const c = CONTRACT[`${r.method} ${r.path}`];
    const params2 = [...r.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
    const op = {
      summary: c?.summary ?? `${r.method} ${r.path}`,
      operationId: `${r.method.toLowerCase()}${r.path.replace(/[^A-Za-z0-9]+/g, "_")}`,
      responses: {
        200: { description: "The success envelope.", content: { "application/json": { schema: c?.data ? json2(envelope(c.data), "output") : GENERIC } } },
        "4XX": error
      }
    };
    if (params2.length) op.parameters = params2;
    if (c?.body) {
      const schema = json2(c.body, "input");
      op.requestBody = { required: true, content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } } };
    }
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Events back office API", version, description: "Generated from the routes the server registers and the wire contract (src/common/contract)." },
    paths,
    components: { schemas: { Envelope: json2(envelope(z2.unknown()), "output"), ErrorEnvelope: json2(ErrorEnvelope, "output") } }
  };
}
var esc2 = (s) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
function fields(schema) {
  const s = schema;
  if (!s?.properties) return "";
  return Object.entries(s.properties).map(([k, v]) => `${k}${s.required?.includes(k) ? "" : "?"}: ${String(v.type ?? "any")}`).join(", ");
}
function openApiHtml(doc) {
  const rows = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const data = op.responses?.[200]?.content?.["application/json"]?.schema?.properties?.data;
      const dataText = data?.properties ? fields(data) : data?.type ? String(data.type) : "see the document";
      rows.push(`<tr><td>${esc2(m.toUpperCase())}</td><td><code>${esc2(p)}</code></td><td>${esc2(op.summary)}</td><td>${esc2(fields(body))}</td><td>${esc2(dataText)}</td></tr>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title></head><body>
<h1>API reference</h1>
<p>Every call answers the envelope <code>{ status, message, data }</code>; a refusal answers <code>{ message, errors? }</code> with a 4xx status. The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<table border="1" cellpadding="4"><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Body</th><th>data</th></tr></thead><tbody>
${rows.join("\n")}
</tbody></table></body></html>`;
}

// server/app.ts
var READS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
var noAudit = (_c, next) => next();
var STARTING = "The server is starting. Try again in a moment.";
var MAX_BODY = 12 * 1024 * 1024;
function createApp(sql, config, files = diskStore(config.dataDir), opts = {}) {
  const app = new Hono26();
  app.use("*", requestId({ limitLength: 64 }));
  const mailer = opts.mailer ?? idleMailer;
  if (opts.log) app.use("*", requestLog(opts.log));
  app.use("*", securityHeaders);
  const sessions2 = sessionCache();
  app.use("*", async (c, next) => {
    c.set("sql", sql);
    c.set("config", config);
    c.set("files", files);
    c.set("mailer", mailer);
    c.set("sessions", sessions2);
    try {
      await next();
    } finally {
      if (!READS.has(c.req.method)) sessions2.forget();
    }
  });
  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorEnvelope(c, 404, "Not found."));
  if (opts.starting) {
    let started = false;
    opts.starting.then(() => {
      started = true;
    }, () => void 0);
    const gate = async (c, next) => {
      if (started || c.req.path === "/api/ping") return next();
      const res = errorEnvelope(c, 503, STARTING);
      res.headers.set("Retry-After", "1");
      return res;
    };
    app.use("/api/*", gate);
    app.use("/recognition/*", gate);
  }
  const limit = withBody(bodyLimit3({ maxSize: MAX_BODY, onError: (c) => errorEnvelope(c, 413, "The request is too large.") }));
  const audit = config.activityLog === false ? noAudit : activityLog;
  app.use("/api/*", noStore, finishBody(MAX_BODY), saneUrl, limit, xsrf({ check: true }), audit);
  app.get("/api/health", health);
  app.route("/api", apiRoutes);
  let doc;
  const document = () => doc ??= openApiDocument(app.routes);
  app.get("/api/openapi.json", (c) => c.json(document()));
  app.get("/api/docs", (c) => c.html(openApiHtml(document())));
  app.use("/recognition/*", noStore, finishBody(MAX_BODY), saneUrl, limit, xsrf({ check: true }), audit);
  app.route("/recognition", recognitionRoutes);
  app.get("/uploads/*", serveUpload);
  app.use("*", noSourceMaps, xsrf({ check: false }));
  if (!existsSync2(config.staticDir)) log.warn({ static_dir: config.staticDir }, "The console is not built: run `npm run build`.");
  app.use("*", ...consoleFiles(config.staticDir));
  const page = consolePage(config.staticDir);
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/recognition/") || path4.extname(c.req.path)) return c.notFound();
    return page(c);
  });
  return app;
}

// server/db/queries/seed.ts
async function lockSeed(sql) {
  if (sql.engine === "postgres") await sql.get("SELECT pg_advisory_xact_lock(61000002)");
}
var countUsers = async (sql) => Number((await sql.get("SELECT COUNT(*) AS n FROM users"))?.n ?? 0);
var insertRole = async (sql, name) => (await sql.get("INSERT INTO roles (name) VALUES (?) RETURNING id", [name])).id;

// server/seed/demo-hashes.ts
var DEMO_HASHES = {
  "Demo-user-1": "scrypt$797f8d9d270fff61640b6f03986ffdd2$5f8b4b925810c45c843c779c6e7fa4fc304974243580cf59c3082310133e10c8",
  "Editor-demo-1": "scrypt$62366085ac59d3febb4606ec21a2b3c0$79e1788a47adb0056255f87680d98286249b04a7f5a3e4a66bbeeffdad7a5779",
  "Support-demo-1": "scrypt$349e01e08aa479ab0f8fb23141597d6f$355856610fe43b9e5dc62c259dd0fdfe51fcf0ceb3718ff17310f8cf6cb91d15",
  "Organiser-demo-1": "scrypt$6963ae1c663fd2b1807bcc799d94f739$e92947c1b928a93636b13ca65e5ed3f92870e276ca7e1e54963f99b3c82a0d67",
  "Organiser123!": "scrypt$052753518bfbc3706c68350d0c2b502e$c0f5af0f0607018e1a5b3643f9c1c542df9f6361ffe5ff1eff5a529de483dc98"
};
var demoHash = async (password) => DEMO_HASHES[password] ?? hashPassword(password);

// server/db/queries/demo-organiser.ts
var roleId = async (sql, name) => (await sql.get("SELECT id FROM roles WHERE name = ?", [name]))?.id;
var insertPhotoRows = (sql, rows) => sql.runMany("INSERT INTO event_photos (event_id, bid_number, low_res_image, high_res_image, price_type, price, orientation) VALUES (?, ?, ?, ?, ?, ?, ?)", rows);
var demoPhotoRows = (eventId, n, price = "0", priceType = 1) => Array.from({ length: n }, (_, i) => {
  const bib = String(1001 + i);
  return [
    eventId,
    bib,
    `https://photos.example.com/${eventId}/${bib}-low.jpg`,
    `https://photos.example.com/${eventId}/${bib}-high.jpg`,
    priceType,
    price,
    i % 3 === 0 ? "landscape" : "portrait"
  ];
});

// server/seed/demo-organiser.ts
var DEMO_ORGANISER = { name: "Demo Organiser", email: "organiser@example.com", password: "Organiser123!" };
var SECOND_ORGANISER = { name: "Harbour Races", email: "harbour@example.com", password: "Organiser123!" };
var dayFromToday = (days) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);
async function addOrganiser(sql, o) {
  const companyRoleId = await roleId(sql, "company");
  if (!companyRoleId) throw new Error("addOrganiser: role company is missing");
  const companyId = await createOrganiser(sql, { ...o, status: 1, passwordHash: await demoHash(o.password), companyRoleId });
  return { companyId };
}
var EVENTS2 = [
  ["City Marathon", 21, 1, "The annual city marathon: 42 km through the old town and along the river."],
  ["Night Run 10K", 45, 1, "A 10 km evening run with lights along the harbour."],
  ["Winter Skating Cup", 80, 2, "Two days of speed skating on the lake rink."],
  ["Spring Half Marathon", 120, 1, "Half marathon through the parks."],
  ["Trail Weekend", 150, 3, "Three days of mountain trails."],
  ["Schools Relay", 7, 1, "Relay race for school teams."],
  ["Charity Fun Run", -14, 1, "A 5 km run for the children\u2019s hospital."],
  ["Autumn Marathon", -60, 1, "Last autumn\u2019s marathon."],
  ["Harbour Swim", -90, 1, "Open water swim across the harbour."],
  ["Inline Skating Tour", -120, 2, "A two-day inline skating tour."],
  ["New Year Run", -200, 1, "Five kilometres on the first morning of the year."],
  ["Kids Dash", -240, 1, "Short races for children under 12."]
];
var PEOPLE = [
  "Asha Raman",
  "Ben Okafor",
  "Chloe Martin",
  "Dev Patel",
  "Elena Rossi",
  "Farid Haddad",
  "Grace Kim",
  "Hugo Silva",
  "Ines Duarte",
  "Jonas Berg",
  "Keiko Tanaka",
  "Liam Walsh",
  "Maya Cohen",
  "Nina Petrova",
  "Omar Aziz"
];
async function seedDemoOrganisers(sql) {
  const { companyId } = await addOrganiser(sql, { ...DEMO_ORGANISER, phone: "5550100", description: "Runs city races, night runs and skating cups." });
  await replaceWorkingDays(sql, companyId, [2, 3, 4, 5, 6]);
  const ids = [];
  for (const [title2, startIn, days, description] of EVENTS2) {
    ids.push(await createEvent(sql, { organizer_id: companyId, title: title2, description, start_date: dayFromToday(startIn), end_date: dayFromToday(startIn + days - 1), logo: "" }));
  }
  await insertPhotoRows(sql, demoPhotoRows(ids[0], 320));
  await insertPhotoRows(sql, demoPhotoRows(ids[6], 40, "4.50", 2));
  for (const [i, name] of PEOPLE.entries()) {
    const status = [0, 0, 1, 2, 0, 1][i % 6];
    await insertBooking(sql, {
      companyId,
      date: dayFromToday(i * 3 - 20),
      name,
      email: `${name.split(" ")[0].toLowerCase()}@example.com`,
      phone: `55501${String(i).padStart(2, "0")}`,
      status,
      token: status === 1 ? newBookingToken() : null
    });
  }
  const second = await addOrganiser(sql, { ...SECOND_ORGANISER, phone: "5550200", description: "Sailing and swimming races." });
  await createEvent(sql, { organizer_id: second.companyId, title: "Regatta Sprint", description: "Sailing sprint.", start_date: dayFromToday(30), end_date: dayFromToday(30), logo: "" });
  await createEvent(sql, { organizer_id: second.companyId, title: "Bay Swim", description: "Open water swim.", start_date: dayFromToday(-30), end_date: dayFromToday(-30), logo: "" });
}

// server/seed/demo-admin.ts
async function seedDemoAdmin(sql, base) {
  const perms = await allPermissions(sql);
  const permIds = (...names2) => perms.filter((p) => names2.includes(p.name)).map((p) => p.id);
  const support = await createRole(sql, { name: "support", permissionIds: permIds("View users", "Edit users"), accessIds: [] });
  await updateRole(sql, support, { name: "support", permissionIds: permIds("View users", "Edit users"), accessIds: [support] });
  const editorPerms = permIds("View users", "Create users", "Edit users", "View pages", "Create pages", "Edit pages", "Delete pages");
  const editor = await createRole(sql, { name: "editor", permissionIds: editorPerms, accessIds: [support] });
  await updateRole(sql, editor, { name: "editor", permissionIds: editorPerms, accessIds: [editor, support] });
  await updateRole(sql, base.adminRole, { name: "admin", permissionIds: perms.map((p) => p.id), accessIds: [] });
  const all = (await listMenus(sql, 1, PLAIN, 100)).data;
  for (const m of all) {
    const extra = m.url === "/admin/users" ? [editor, support] : m.url === "/admin/pages" ? [editor] : [];
    if (extra.length) await updateMenu(sql, m.id, { title: m.title, url: m.url, status: m.status, roleIds: [...m.roles.map((r) => r.id), ...extra] });
  }
  await createMenu(sql, { title: "Reports", url: "/admin/reports", status: 0, roleIds: [base.adminRole] });
  const userHash = await demoHash("Demo-user-1");
  await createUser(sql, { name: "Edith Editor", email: "editor@example.com", passwordHash: await demoHash("Editor-demo-1"), roleId: editor });
  await createUser(sql, { name: "Sam Support", email: "support@example.com", passwordHash: await demoHash("Support-demo-1"), roleId: support });
  const more = ["Ava Brown", "Liam Chen", "Mia Patel", "Noah Garcia", "Olivia Kim", "Lucas Rossi", "Emma Novak", "Leo Silva", "Zoe Martin", "Ivan Petrov"];
  for (const [i, name] of more.entries()) {
    await createUser(sql, { name, email: `${name.split(" ")[0].toLowerCase()}@example.com`, passwordHash: userHash, roleId: i % 3 === 0 ? editor : support });
  }
  await createPage(sql, { title: "About us", content: "We run photo, video and conference campaigns for events." });
  await createPage(sql, { title: "Terms and conditions", content: "By taking part in an event you agree to these terms." });
  await createPage(sql, { title: "Privacy policy", content: "We keep participant photos for 12 months after an event." });
  await saveCompanySettings(sql, {
    logo: "",
    name: "Events Back-office Ltd",
    primary_mail: "info@events.example",
    sales_mail: "sales@events.example",
    phone: "+1 555 0100",
    address: "12 Harbour Street\nPort Town"
  });
  await saveEmailSettings(sql, {
    smtp_server: "smtp.events.example",
    smtp_email: "noreply@events.example",
    smtp_username: "noreply",
    smtp_password: "",
    smtp_port: "587",
    smtp_type: "tls"
  });
  const orgHash = await demoHash("Organiser-demo-1");
  const orgs = [
    ["City Marathon", "city-marathon", 1, "The yearly city marathon and half marathon."],
    ["Photo Fest", "photo-fest", 1, "A weekend of photo walks and workshops."],
    ["Tech Summit", "tech-summit", 0, "Two days of talks; paused until next season."]
  ];
  for (const [name, slug2, status, description] of orgs) {
    await createOrganiser(sql, {
      name,
      email: `${slug2}@organiser.example`,
      phone: "+1 555 0199",
      status,
      description,
      passwordHash: orgHash,
      companyRoleId: base.companyRole
    });
  }
}

// server/seed/demo-campaigns.ts
var CLIENT_APP = "https://app.example.com";
var HOST = "example.app";
var NAMES = [
  "Aarav Nair",
  "Bella Jones",
  "Carlos Diaz",
  "Diya Menon",
  "Ethan Brown",
  "Fatima Noor",
  "George Li",
  "Hana Sato",
  "Isaac Cole",
  "Jia Wen",
  "Kofi Mensah",
  "Lena Fischer"
];
var SCHOOLS = ["St. Mary\u2019s School", "Riverside High", "Hill View Academy"];
var DISTRICTS = ["North", "Central", "Harbour"];
async function campaign(sql, event, s) {
  const recognition = await insertRecognitionEvent(sql, {
    name: s.title,
    location: "City centre",
    type: "MARATHON",
    is_active: true,
    is_sales: !!s.sales,
    from_date: event.start_date,
    to_date: event.end_date,
    organizer: "Demo Organiser",
    sponsors: ["Acme Sports"],
    fr1: 0.4,
    fr2: 0.35,
    fr3: 0,
    slug: s.subdomain,
    payment: s.sales ? "2" : "",
    is_sales_combined: s.sales === 2,
    is_date_filter_enabled: false,
    photo_points: [],
    is_dynamic_branding_enabled: false
  }, event.company_id);
  await setBibFilter(sql, recognition, { bib_start_range: "1000", bib_end_range: "1999", bib_prefix: "", bib_suffix: "", bib_length: "4", is_bib_present: true });
  const c = {
    event_id: event.id,
    title: s.title,
    description: s.description,
    logo: "",
    start_date: event.start_date,
    end_date: event.end_date,
    type: s.type,
    share_post_quote: "I was there!",
    image_console_id: String(recognition),
    is_sales_event: s.sales ?? 0,
    is_dynamic_branding: 0,
    application: 1,
    subdomain: s.subdomain,
    event_url: `https://${s.subdomain}.${HOST}`,
    friendly_url: appLink(CLIENT_APP, event.title, s.title),
    // The form's settings, as sent to the recognition event above, so the detail and the edit form show them.
    event_type: "MARATHON",
    location: "City centre",
    organizer: "Demo Organiser",
    sponsors: "Acme Sports",
    primary_tolerance: "0.4",
    secondary_tolerance: "0.35",
    recognition_tolerance: "0",
    payment_slab: s.sales ? "2" : "",
    date_filtering: 0,
    is_bib_number_present: 1,
    bib_start_range: "1000",
    bib_end_range: "1999",
    bib_length: "4",
    bib_number_prefix: "",
    bib_number_suffix: ""
  };
  return insertCampaign(sql, c);
}
async function seedDemoCampaigns(sql) {
  const [first, second] = await eventsOfCompany(sql, DEMO_ORGANISER.email);
  if (!first || !second) return;
  const image = await campaign(sql, first, { title: "Marathon Photos", type: 1, subdomain: "city-marathon-photos", description: "Find your race photos by face or BIB number." });
  await insertTemplate(sql, {
    campaign_id: image,
    path: "/images/demo-template.svg",
    template_json: JSON.stringify({ version: 1, area: { x: 160, y: 110, width: 480, height: 340 } }),
    x: 160,
    y: 110,
    width: 480,
    height: 340,
    template_width: 800,
    template_height: 600
  });
  const video = await campaign(sql, first, { title: "Runner Stories", type: 2, subdomain: "city-marathon-stories", description: "Short videos sent in by runners." });
  const statuses = [1, 1, 1, 1, 1, 1, 1, 4, 4, 3, 2, 2];
  for (const [i, status] of statuses.entries()) {
    await insertVideo(sql, {
      campaign_id: video,
      name: NAMES[i],
      age: 9 + i % 8,
      district: DISTRICTS[i % 3],
      school_name: SCHOOLS[i % 3],
      status,
      dropbox_shareable_link: `https://www.dropbox.com/s/demo${i}/story-${i + 1}.mp4?dl=0`,
      video_url: status === 2 ? "https://www.youtube.com/watch?v=aqz-KE-bpKQ" : ""
    });
  }
  const conference = await campaign(sql, first, { title: "Runners Conference", type: 3, subdomain: "city-marathon-talks", description: "Talks on training and nutrition the day before the race." });
  for (const [i, name] of NAMES.slice(0, 8).entries()) {
    await insertConferenceUser(sql, { campaign_id: conference, user_id: 500 + i, name, email: `${name.split(" ")[0].toLowerCase()}@example.com`, type: i < 2 ? "speaker" : "attende" });
  }
  await campaign(sql, first, { title: "Marathon PhotoApp", type: 4, subdomain: "city-marathon-app", description: "The photo app for race day." });
  await campaign(sql, second, { title: "Night Run Photos", type: 1, sales: 1, subdomain: "night-run-photos", description: "Buy your night run photos." });
  const [other] = await eventsOfCompany(sql, SECOND_ORGANISER.email);
  if (other) await campaign(sql, other, { title: "Regatta Photos", type: 1, subdomain: "regatta-photos", description: "Photos from the water." });
}

// server/seed/demo-lists.ts
var FIRST = [
  "Ada",
  "Bruno",
  "Clara",
  "Dmitri",
  "Eva",
  "Felix",
  "Greta",
  "Hamid",
  "Isla",
  "Jun",
  "Kofi",
  "Lena",
  "Marco",
  "Noor",
  "Oscar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sven",
  "Tara"
];
var LAST = ["M\xFCller", "Okoye", "Santos", "Nguyen", "O'Brien", "Kowalski", "Dubois", "Haddad", "Larsen", "Ito", "Moreau", "Costa", "Singh", "Weber", "Ruiz"];
async function seedDemoLists(sql) {
  const roles = [await roleId(sql, "editor"), await roleId(sql, "support")].filter((r) => !!r);
  if (roles.length) {
    const hash = await demoHash("Demo-user-1");
    for (let i = 0; i < 300; i++) {
      const first2 = FIRST[i % FIRST.length], last = LAST[Math.floor(i / FIRST.length) % LAST.length];
      const email2 = `${first2}.${last}.${i}`.toLowerCase().replace(/[^a-z0-9.]/g, "") + "@people.example";
      await insertUser(sql, { name: `${first2} ${last}`, email: email2, passwordHash: hash, roleId: roles[i % 5 === 0 ? 0 : roles.length - 1] });
    }
  }
  const [first] = await eventsOfCompany(sql, DEMO_ORGANISER.email);
  if (!first) return;
  const company = first.company_id;
  await insertPhotoRows(sql, Array.from({ length: 3e3 }, (_, i) => {
    const bib = String(5001 + i);
    return [
      first.id,
      bib,
      `https://photos.example.com/${first.id}/${bib}-low.jpg`,
      `https://photos.example.com/${first.id}/${bib}-high.jpg`,
      1,
      "0",
      i % 4 === 0 ? "landscape" : "portrait"
    ];
  }));
  for (let i = 0; i < 30; i++) {
    const start = dayFromToday(-300 - i * 11);
    await createEvent(sql, { organizer_id: company, title: `${["Club", "Park", "River", "Hill", "Coast"][i % 5]} Run ${2020 + i % 5} #${i + 1}`, description: "An earlier race.", start_date: start, end_date: start, logo: "" });
  }
  for (let i = 0; i < 40; i++) {
    const name = `${FIRST[i * 3 % FIRST.length]} ${LAST[i % LAST.length]}`;
    await insertBooking(sql, { companyId: company, date: dayFromToday(-400 - i), name, email: `booking${i}@people.example`, phone: `5551${String(i).padStart(3, "0")}`, status: [0, 1, 2][i % 3], token: i % 3 === 1 ? `DEMO${String(1e3 + i)}` : null });
  }
  const video = (await listCampaigns(sql, first.id)).find((c) => c.type === 2);
  for (let i = 0; video && i < 25; i++) {
    await insertVideo(sql, {
      campaign_id: video.id,
      name: `${FIRST[i * 7 % FIRST.length]} ${LAST[i * 2 % LAST.length]}`,
      age: 8 + i % 10,
      district: ["North", "South", "East"][i % 3],
      school_name: ["Hill School", "River Academy", "Park College"][i % 3],
      dropbox_shareable_link: `https://www.dropbox.com/s/list${i}/clip-${i + 1}.mp4?dl=0`,
      video_url: "",
      status: 1
    });
  }
}

// server/seed/demo.ts
async function seedDemo(sql, roles) {
  await seedDemoAdmin(sql, roles);
  await seedDemoOrganisers(sql);
  await seedDemoCampaigns(sql);
  await seedDemoLists(sql);
}

// server/seed/index.ts
var ADMIN_MENUS = [
  ["Permissions", "/admin/permissions"],
  ["Roles", "/admin/roles"],
  ["Users", "/admin/users"],
  ["Pages", "/admin/pages"],
  ["Menus", "/admin/adminmenus"],
  ["Settings", "/admin/settings"],
  ["Organizers", "/admin/organizers"],
  ["Activity", "/admin/activity"]
];
async function seedIfEmpty(sql, opts) {
  if (await countUsers(sql) > 0) return { seeded: false, adminEmail: opts.adminEmail };
  const password = opts.adminPassword || randomPassword();
  const passwordHash = await hashPassword(password);
  const seeded = await sql.transaction(async (tx) => {
    await lockSeed(tx);
    if (await countUsers(tx) > 0) return false;
    const adminRole = await insertRole(tx, "admin");
    const companyRole = await insertRole(tx, "company");
    await insertUser(tx, { name: "Administrator", email: opts.adminEmail, passwordHash, roleId: adminRole });
    for (const [title2, url] of ADMIN_MENUS) await createMenu(tx, { title: title2, url, status: 1, roleIds: [adminRole] });
    if (opts.demo) await seedDemo(tx, { adminRole, companyRole });
    return true;
  });
  if (!seeded) return { seeded: false, adminEmail: opts.adminEmail };
  return { seeded: true, adminEmail: opts.adminEmail, generatedPassword: opts.adminPassword ? void 0 : password };
}

// server/lib/files/database-store.ts
import { randomUUID as randomUUID3 } from "node:crypto";

// server/db/queries/stored-files.ts
var putFile = (sql, key, bytes) => sql.run(
  `INSERT INTO stored_files (key, bytes, size, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes, size = excluded.size, created_at = excluded.created_at`,
  [key, bytes, bytes.length, Date.now()]
);
async function getFile(sql, key) {
  const row = await sql.get("SELECT bytes FROM stored_files WHERE key = ?", [key]);
  return row ? Buffer.from(row.bytes) : void 0;
}
var hasFile = async (sql, key) => !!await sql.get("SELECT 1 AS one FROM stored_files WHERE key = ?", [key]);
async function removeFiles(sql, keys) {
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    await sql.run(`DELETE FROM stored_files WHERE key IN (${chunk.map(() => "?").join(",")})`, chunk);
  }
}

// server/lib/files/database-store.ts
var ProbeRollback = class extends Error {
};
function databaseStore(sql) {
  return {
    kind: "database",
    async put(key, bytes) {
      if (!FILE_KEY.test(key)) throw new Error(`file store: bad key ${key}`);
      await putFile(sql, key, bytes);
    },
    get: (key) => FILE_KEY.test(key) ? getFile(sql, key) : Promise.resolve(void 0),
    has: (key) => FILE_KEY.test(key) ? hasFile(sql, key) : Promise.resolve(false),
    remove: (keys) => removeFiles(sql, keys.filter((k) => FILE_KEY.test(k))),
    async probe() {
      try {
        await sql.transaction(async (tx) => {
          await putFile(tx, `health/${randomUUID3()}.png`, Buffer.from("probe"));
          throw new ProbeRollback();
        });
      } catch (err) {
        if (!(err instanceof ProbeRollback)) throw err;
      }
    }
  };
}

// server/start.ts
async function startServer(o) {
  const dataDir = path5.resolve(o.dataDir);
  const trustProxy = parseTrustProxy(o.trustProxy);
  const sql = await openDatabase(dataDir, o.databaseUrl);
  const adminEmail = o.adminEmail ?? "admin@example.com";
  configureImportJobs({ leaseMs: o.importLeaseMs });
  const prepare = async () => {
    const seed2 = await seedIfEmpty(sql, { adminEmail, adminPassword: o.adminPassword, demo: o.demo ?? false });
    await failInterruptedJobs(sql);
    return seed2;
  };
  const ready = o.listenFirst ? prepare() : Promise.resolve(await prepare());
  ready.catch(() => void 0);
  const config = {
    dataDir,
    staticDir: path5.resolve(o.staticDir ?? "dist"),
    recognitionToken: o.recognitionToken ?? "",
    recognitionUpstreamUrl: o.recognitionUpstreamUrl || void 0,
    clientAppUrl: o.clientAppUrl ?? "https://app.example.com",
    publicUrl: o.publicUrl ?? "",
    now: o.now ?? Date.now,
    smtpTlsInsecure: o.smtpTlsInsecure ?? false,
    activityLog: o.activityLog ?? true,
    linkLimits: o.linkLimits,
    trustProxy
  };
  const files = o.files ?? ((o.fileStore ?? (o.databaseUrl ? "database" : "disk")) === "database" ? databaseStore(sql) : diskStore(dataDir));
  const mailer = o.mail === false ? void 0 : startMailSender(sql, { publicUrl: () => config.publicUrl, now: () => config.now() }, { ...o.mail, tlsInsecure: config.smtpTlsInsecure });
  const app = createApp(sql, config, files, { log: o.logRequests ? log : void 0, mailer, starting: o.listenFirst ? ready : void 0 });
  const host = o.host ?? "127.0.0.1";
  const http2 = await listenDrainable(getRequestListener(app.fetch, { hostname: host }), o.port ?? 0, host);
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${http2.port}`;
  config.publicUrl ||= url;
  const stopPruner = startActivityPruner(sql, Number(process.env.ACTIVITY_RETENTION_DAYS) > 0 ? Number(process.env.ACTIVITY_RETENTION_DAYS) : 365);
  const grace = o.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
  let closing;
  const close = async () => {
    const deadline = performance.now() + grace;
    stopPruner();
    const [answered, jobsStopped, mailStopped] = await Promise.all([http2.drain(deadline), stopImportJobs(deadline), byDeadline(mailer?.stop() ?? Promise.resolve(), deadline)]);
    await http2.forceClose();
    await ready.catch(() => void 0);
    await sql.close();
    return answered && jobsStopped && mailStopped;
  };
  return {
    url,
    port: http2.port,
    sql,
    files,
    ready,
    config,
    close: () => closing ??= close()
  };
}

// server/index.ts
var env = process.env;
var running = await startServer({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? "127.0.0.1",
  dataDir: env.DATA_DIR ?? "data",
  staticDir: env.STATIC_DIR ?? "dist",
  adminEmail: env.ADMIN_EMAIL ?? "admin@example.com",
  adminPassword: env.ADMIN_PASSWORD,
  demo: env.DEMO_DATA !== "0",
  recognitionToken: env.RECOGNITION_TOKEN,
  recognitionUpstreamUrl: env.RECOGNITION_UPSTREAM_URL || void 0,
  clientAppUrl: env.CLIENT_APP_URL,
  databaseUrl: env.DATABASE_URL || void 0,
  fileStore: env.FILE_STORE === "disk" || env.FILE_STORE === "database" ? env.FILE_STORE : void 0,
  logRequests: env.LOG_REQUESTS !== "0",
  publicUrl: env.PUBLIC_URL || void 0,
  mail: env.MAIL_SENDER === "0" ? false : {
    pollMs: Number(env.MAIL_POLL_MS) || void 0,
    retryBaseMs: Number(env.MAIL_RETRY_BASE_MS) || void 0
  },
  smtpTlsInsecure: env.SMTP_TLS_INSECURE === "1",
  activityLog: env.ACTIVITY_LOG !== "0",
  trustProxy: env.TRUST_PROXY,
  shutdownGraceMs: /^\d+$/.test(env.SHUTDOWN_GRACE_MS ?? "") ? Number(env.SHUTDOWN_GRACE_MS) : void 0,
  importLeaseMs: /^[1-9]\d*$/.test(env.IMPORT_LEASE_MS ?? "") ? Number(env.IMPORT_LEASE_MS) : void 0,
  // Answer at once; a first start seeds right after (API calls answer 503 + Retry-After meanwhile).
  listenFirst: true
});
var stopping2 = false;
var stop = (signal) => {
  if (stopping2) {
    log.warn({ signal }, `${signal} again: exiting now.`);
    process.exit(1);
  }
  stopping2 = true;
  log.info({ signal }, `${signal}: stopping (no new connections; finishing requests in flight and import jobs).`);
  running.close().then((clean) => {
    if (clean) log.info("Stopped.");
    else log.warn("Stopped after the grace period; the connections still open were closed.");
    process.exit(0);
  }, (err) => {
    log.error({ err }, "Stopping failed.");
    process.exit(1);
  });
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
log.info({ url: running.url }, `Console and API listening on ${running.url}`);
if (env.RECOGNITION_UPSTREAM_URL && !env.RECOGNITION_TOKEN) log.warn("RECOGNITION_UPSTREAM_URL is set without RECOGNITION_TOKEN: the upstream service will refuse the calls (502).");
var seed;
try {
  seed = await running.ready;
} catch (err) {
  log.fatal({ err }, "Seeding the database failed.");
  await running.close();
  process.exit(1);
}
log.info({ ready: true }, "Ready: the API answers.");
log.info({ admin_email: seed.adminEmail }, `Admin e-mail: ${seed.adminEmail}`);
if (seed.generatedPassword) log.info(`Admin password (generated, shown only now): ${seed.generatedPassword}`);
else if (!seed.seeded) log.info({ data_dir: running.config.dataDir }, `Using the existing database in ${running.config.dataDir} (delete it to start over).`);
