import { ComponentSchema } from '@rakit/core';

/**
 * Imports @rakit/core's chunk (vite.config.ts's `core` group): every rule and schema shared with
 * the server that the app's first screen loads, built when that chunk is evaluated (main.tsx
 * imports this module for that alone; the export keeps the import from being dropped).
 */
export const sharedRulesReady = ComponentSchema !== undefined;
