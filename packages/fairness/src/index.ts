export * from './outcomes.ts';
