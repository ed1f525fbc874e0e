// One small interface over both databases, PGlite (embedded) and PostgreSQL (served), so that every
// module writes plain PostgreSQL and never knows which one it talks to.

export type Row = Record<string, unknown>;

export type Queryable = {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type Tx = Queryable;

export type Db = Queryable & {
  kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A pool's connections (PostgreSQL only), for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
};
