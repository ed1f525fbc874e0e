export * from './endpoints.ts';
export * from './errors.ts';
export * from './roles.ts';
export * from './schemas.ts';
