export * from './money.ts';
export * from './table.ts';
export * from './pricing.ts';
