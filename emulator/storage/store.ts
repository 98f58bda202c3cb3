import { DatabaseSync, type StatementSync } from "node:sqlite";

/**
 * The emulator's storage: one SQLite database (node:sqlite), holding every mutable record as a JSON
 * document keyed by (environment, id). Fixture ids repeat in every environment, so the environment is
 * part of the key; a lookup in the wrong environment simply finds nothing (a 404).
 *
 * A file database runs in WAL mode with synchronous=FULL: a write returns only once it is on disk, and
 * the server answers only after the write returns, so every acknowledged write survives a crash.
 */
export type RecordKind =
  | "callback"
  | "callback_instance"
  | "callback_event"
  | "provider_config"
  | "role"
  | "setup_session"
  | "integration_instance"
  | "cp_deployment"
  | "cp_version";

export interface Job {
  seq: number;
  env: string;
  kind: string;
  ref: string;
  due_at: number;
}

export interface TokenTarget {
  env: string;
  kind: string;
  ref: string;
  extra: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  env TEXT NOT NULL,
  kind TEXT NOT NULL,
  id TEXT NOT NULL,
  parent TEXT,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (env, id)
);
CREATE INDEX IF NOT EXISTS records_by_kind ON records (env, kind, parent, created_at, id);
CREATE TABLE IF NOT EXISTS jobs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  env TEXT NOT NULL,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  due_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_by_due ON jobs (due_at);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  env TEXT NOT NULL,
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  extra TEXT
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

export class Store {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  constructor(readonly path: string) {
    this.db = new DatabaseSync(path);
    if (path !== ":memory:") {
      this.db.exec("PRAGMA journal_mode = WAL");
      this.db.exec("PRAGMA synchronous = FULL");
    }
    this.db.exec("PRAGMA busy_timeout = 5000");
    this.db.exec(SCHEMA);
  }

  private stmt(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs `fn` in one transaction (nested calls join the outer one). */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.db.exec("BEGIN IMMEDIATE");
    this.depth++;
    try {
      const result = fn();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    } finally {
      this.depth--;
    }
  }

  get<T>(env: string, kind: RecordKind, id: string): T | undefined {
    const row = this.stmt("SELECT data FROM records WHERE env = ? AND id = ? AND kind = ?").get(env, id, kind) as
      { data: string } | undefined;
    return row ? (JSON.parse(row.data) as T) : undefined;
  }

  insert(
    env: string,
    kind: RecordKind,
    record: { id: string; created_at: string },
    parent: string | null = null,
  ): void {
    this.stmt("INSERT INTO records (env, kind, id, parent, created_at, data) VALUES (?, ?, ?, ?, ?, ?)").run(
      env,
      kind,
      record.id,
      parent,
      record.created_at,
      JSON.stringify(record),
    );
  }

  update(env: string, kind: RecordKind, record: { id: string }): void {
    this.stmt("UPDATE records SET data = ? WHERE env = ? AND id = ? AND kind = ?").run(
      JSON.stringify(record),
      env,
      record.id,
      kind,
    );
  }

  delete(env: string, kind: RecordKind, id: string): void {
    this.stmt("DELETE FROM records WHERE env = ? AND id = ? AND kind = ?").run(env, id, kind);
  }

  /** Every record of a kind (under one parent when given), newest first. */
  list<T>(env: string, kind: RecordKind, parent?: string): T[] {
    const rows = (
      parent === undefined
        ? this.stmt("SELECT data FROM records WHERE env = ? AND kind = ? ORDER BY created_at DESC, id DESC").all(
            env,
            kind,
          )
        : this.stmt(
            "SELECT data FROM records WHERE env = ? AND kind = ? AND parent = ? ORDER BY created_at DESC, id DESC",
          ).all(env, kind, parent)
    ) as { data: string }[];
    return rows.map((row) => JSON.parse(row.data) as T);
  }

  count(env?: string): number {
    const row = (
      env === undefined
        ? this.stmt("SELECT COUNT(*) AS n FROM records").get()
        : this.stmt("SELECT COUNT(*) AS n FROM records WHERE env = ?").get(env)
    ) as { n: number };
    return Number(row.n);
  }

  addJob(env: string, kind: string, ref: string, dueAt: number): void {
    this.stmt("INSERT INTO jobs (env, kind, ref, due_at) VALUES (?, ?, ?, ?)").run(env, kind, ref, dueAt);
  }

  dueJobs(now: number, max = 500): Job[] {
    return (
      this.stmt("SELECT seq, env, kind, ref, due_at FROM jobs WHERE due_at <= ? ORDER BY due_at, seq LIMIT ?").all(
        now,
        max,
      ) as unknown as Job[]
    ).map((job) => ({ ...job, seq: Number(job.seq), due_at: Number(job.due_at) }));
  }

  deleteJob(seq: number): void {
    this.stmt("DELETE FROM jobs WHERE seq = ?").run(seq);
  }

  deleteJobsFor(env: string, ref: string): void {
    this.stmt("DELETE FROM jobs WHERE env = ? AND ref = ?").run(env, ref);
  }

  putToken(token: string, target: TokenTarget): void {
    this.stmt("INSERT INTO tokens (token, env, kind, ref, extra) VALUES (?, ?, ?, ?, ?)").run(
      token,
      target.env,
      target.kind,
      target.ref,
      target.extra,
    );
  }

  getToken(token: string): TokenTarget | undefined {
    return this.stmt("SELECT env, kind, ref, extra FROM tokens WHERE token = ?").get(token) as TokenTarget | undefined;
  }

  getMeta(key: string): string | undefined {
    const row = this.stmt("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.stmt("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(
      key,
      value,
    );
  }

  /** Empties every table (the control plane's reset re-seeds afterwards). */
  clear(): void {
    this.transaction(() => {
      this.db.exec("DELETE FROM records; DELETE FROM jobs; DELETE FROM tokens; DELETE FROM meta;");
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
