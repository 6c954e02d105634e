export * from './issues.ts';
export * from './categories.ts';
export * from './cutoff.ts';
export * from './email.ts';
export * from './step1.ts';
export * from './step2.ts';
export * from './step3.ts';
export * from './step4.ts';
