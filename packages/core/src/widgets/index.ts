export * from './common';
export * from './form';
export * from './data';
export * from './registry';
export * from './names';
