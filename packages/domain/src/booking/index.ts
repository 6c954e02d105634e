export * from './issues.ts';
export * from './categories.ts';
export * from './cutoff.ts';
