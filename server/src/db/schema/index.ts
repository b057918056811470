// The whole schema, one file per feature. drizzle-kit reads this folder.
export * from './users';
export * from './auth';
export * from './outbox';
export * from './events';
