export * from './languages';
export * from './catalog';
export * from './formats';
