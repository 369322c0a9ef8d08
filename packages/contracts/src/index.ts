export * from './constants';
export * from './errors';
export * from './common';
export * from './permissions';
export * from './auth';
export * from './users';
export * from './notifications';
export * from './feedback';
