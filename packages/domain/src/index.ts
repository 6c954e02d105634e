export * from './i18n/messages.ts';
export * from './dates.ts';
export * from './roles.ts';
export * from './places.ts';
export * from './countries.ts';
export * from './accounts/schemas.ts';
export * from './seasons.ts';
export * from './schedule/index.ts';
