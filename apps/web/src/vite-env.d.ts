/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API base the client posts to; `/api` unless set at build time. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
