export * from './envelope.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './money.ts';
export * from './notices.ts';
export * from './users.ts';
export * from './wallet.ts';
export * from './endpoints.ts';
