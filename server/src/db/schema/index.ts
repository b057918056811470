// The whole schema, one file per feature. drizzle-kit reads this folder.
export * from './users';
export * from './auth';
export * from './outbox';
export * from './events';
export * from './settings';
export * from './visitors';
export * from './contact';
export * from './chat';
export * from './prayers';
export * from './giving';
export * from './notifications';
export * from './bible';
export * from './audit';
export * from './publish';
export * from './consents';
export * from './developers';
export * from './care';
