export * from './languages';
export * from './catalog';
