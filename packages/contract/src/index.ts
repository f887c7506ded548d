export * from './constants';
export * from './messages';
export * from './errors';
export * from './auth';
export * from './graphql';
export * from './roles';
export * from './text';
export * from './reference';
