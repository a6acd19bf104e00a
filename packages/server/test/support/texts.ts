import { type MessageCode, Messages } from '@rakit/core';

/** The specification's wording of a text before its first placeholder ("The host name did not resolve within"). */
export const specPrefix = (key: MessageCode): string => Messages[key].split('{')[0]?.replace(/[\s:(]+$/, '') ?? '';
