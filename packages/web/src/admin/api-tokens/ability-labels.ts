import type { MessageKey, TokenAbility } from '@rakit/core';

/** What each ability of a token reads as (the catalog's keys, named in full so the catalog check finds each). */
export const ABILITY_LABELS: Record<TokenAbility, MessageKey> = {
  readPages: 'admin.apiTokens.ability.readPages',
  readTables: 'admin.apiTokens.ability.readTables',
  editTables: 'admin.apiTokens.ability.editTables',
  runActions: 'admin.apiTokens.ability.runActions',
  runWorkflows: 'admin.apiTokens.ability.runWorkflows',
  runFunctions: 'admin.apiTokens.ability.runFunctions',
  deployApp: 'admin.apiTokens.ability.deployApp',
};
