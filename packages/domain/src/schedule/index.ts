export * from './calendar.ts';
export * from './fleet.ts';
export * from './patterns.ts';
