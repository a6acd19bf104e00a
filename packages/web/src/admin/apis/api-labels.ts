import type { ApiAuthKind, ApiColumnType, ApiPagingScheme, MessageKey } from '@rakit/core';

/** How each way of signing in is named on the screen (keys of the catalogs). */
export const AUTH_LABELS: Record<ApiAuthKind, MessageKey> = {
  none: 'admin.apis.authNone',
  bearer: 'admin.apis.authBearer',
  basic: 'admin.apis.authBasic',
  apiKey: 'admin.apis.authApiKey',
  oauth2: 'admin.apis.authOauth2',
};

/** What the secret is called for each way of signing in that has one. */
export const SECRET_LABELS: Record<Exclude<ApiAuthKind, 'none'>, MessageKey> = {
  bearer: 'admin.apis.secretToken',
  basic: 'admin.apis.secretPassword',
  apiKey: 'admin.apis.secretKey',
  oauth2: 'admin.apis.secretClient',
};

export const PAGING_LABELS: Record<ApiPagingScheme, MessageKey> = {
  none: 'admin.apis.pagingNone',
  page: 'admin.apis.pagingPage',
  offset: 'admin.apis.pagingOffset',
  cursor: 'admin.apis.pagingCursor',
  link: 'admin.apis.pagingLink',
};

export const COLUMN_TYPE_LABELS: Record<ApiColumnType, MessageKey> = {
  text: 'admin.apis.typeText',
  number: 'admin.apis.typeNumber',
  boolean: 'admin.apis.typeBoolean',
  date: 'admin.apis.typeDate',
};
