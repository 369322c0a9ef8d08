export * from './users';
export * from './organizations';
export * from './projects';
export * from './auth';
export * from './activity';
export * from './notifications';
export * from './feedback';
export * from './tags';
