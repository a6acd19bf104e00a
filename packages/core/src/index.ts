export * from './constants';
export * from './messages';
export * from './schemas/entities';
export * from './schemas/api';
export * from './rules/access';
export * from './rules/pagination';
export * from './rules/register';
export * from './rules/slug';
