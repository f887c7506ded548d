export * from './users';
export * from './profile-fields';
export * from './email-codes';
export * from './sessions';
export * from './mail-outbox';
export * from './pages';
export * from './notification-preferences';
export * from './friendships';
