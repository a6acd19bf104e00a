/* The API areas a member's first page does not call: loaded on their first call (client.ts). */
import { apiSourcesApi } from './api-sources';
import { apiTokensApi } from './api-tokens';
import { auditApi } from './audit';
import { bundlesApi } from './bundles';
import { databasesApi } from './databases';
import { environmentsApi } from './environments';
import { functionsApi } from './functions';
import { gitApi } from './git';
import { groupsApi } from './groups';
import { lookupsApi } from './lookups';
import { pageVersionsApi } from './page-versions';
import { pdfTemplatesApi } from './pdf-templates';
import { printApi } from './print';
import { signInApi } from './sign-in';
import { thirdPartiesApi } from './third-parties';
import { workflowsApi } from './workflows';

export const builderAreasApi = (appSlug: string) => ({
  ...databasesApi(appSlug),
  ...groupsApi(appSlug),
  ...printApi(appSlug),
  ...workflowsApi(appSlug),
  ...thirdPartiesApi(appSlug),
  ...functionsApi(appSlug),
  ...pdfTemplatesApi(appSlug),
  ...pageVersionsApi(appSlug),
  ...lookupsApi(appSlug),
  ...bundlesApi(appSlug),
  ...auditApi(appSlug),
  ...signInApi(appSlug),
  ...apiTokensApi(appSlug),
  ...apiSourcesApi(appSlug),
  ...gitApi(appSlug),
  ...environmentsApi(appSlug),
});
export type BuilderAreasApi = ReturnType<typeof builderAreasApi>;
