import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The metadata store's tables, in the names Kysely's CamelCasePlugin maps from snake_case
 * columns. Booleans are 0/1 integers and JSON is text, so one schema fits all three engines.
 */
export interface AppsTable {
  appId: Generated<number>;
  appName: string;
  appDescription: string;
  appSlug: string;
  appOpenRegistration: number;
  /** Its members' catalog (issue 35): 'spec', 'id', 'en', or 'browser' (each visitor's own). */
  appLanguage: Generated<string>;
  /** The IANA time zone its dates are shown in. */
  appTimeZone: Generated<string>;
  /** 1: its sign-in screen offers the password form; 0: single sign-on only (issue 36). */
  appPasswordSignIn: Generated<number>;
  /** 1: its administrators sign in with a second factor (issue 36). */
  appAdminSecondFactor: Generated<number>;
  createdAt: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface UsersTable {
  userId: string;
  passwordHash: string;
  /**
   * The application he registered into or was created in: only its administrators may set his
   * password or add him to groups. Null: an account of the operator (super administrator only).
   */
  homeAppId: number | null;
  /** Carried by each of his tokens; a new value (new password, re-created user) revokes every earlier one. */
  sessionKey: string;
  /** His own catalog (issue 35); null: his application's. */
  language: Generated<string | null>;
  createdAt: string;
  /** His TOTP secret (issue 36), sealed; null: no second factor. */
  totpSecretEnc: Generated<string | null>;
  /** A secret he is setting up, sealed, until he confirms it with a code. */
  totpPendingEnc: Generated<string | null>;
  /** The last time step a code was accepted for: a code is good once. */
  totpLastStep: Generated<number | null>;
  totpEnabledAt: Generated<string | null>;
}

export interface UserGroupsTable {
  groupId: Generated<number>;
  groupName: string;
  /** The owning application's appId as text, or 'Super Admin'. */
  groupAppId: string;
  groupSlug: string;
  groupIsDefault: number;
  /** JSON of { pageId: number[], actionId: number[] }; menu access lives in group_menu_access. */
  groupAccess: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface GroupMembersTable {
  groupId: number;
  userId: string;
}

export interface GroupMenuAccessTable {
  groupId: number;
  menuId: number;
}

export interface PagesTable {
  pageId: Generated<number>;
  pageAppId: number;
  pageName: string;
  pageSlug: string;
  pageComponents: string;
  updatedAt: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
  /** Its title in other catalogs (issue 35), JSON of core's NameTranslations; null: none. */
  nameTranslations: string | null;
}

/**
 * A page's co-editing document as Yjs state (issue 33), so that every load starts from the same
 * items; `pageRevision` is the page revision whose components it holds. Goes with its page.
 */
export interface PageDocumentsTable {
  pageId: number;
  state: Buffer;
  pageRevision: number;
  updatedAt: string;
}

/** A workflow's co-editing document as Yjs state (issue 33); `workflowRevision` is the workflow revision whose drawing it holds. Goes with its workflow. */
export interface WorkflowDocumentsTable {
  workflowId: number;
  state: Buffer;
  workflowRevision: number;
  updatedAt: string;
}

/** A version of a page (issue 17): what a save, restore, deletion or undeletion left it holding. */
export interface PageVersionsTable {
  versionId: Generated<number>;
  pageId: number;
  appId: number;
  pageName: string;
  pageSlug: string;
  /** The components' JSON text, as pages.pageComponents held it. */
  components: string;
  /** In the specification's words. */
  summary: string;
  /** The summary as JSON of core's VersionSummaryText, said in each reader's language; null for a version recorded before (issue 35). */
  summaryText: string | null;
  kind: string;
  /** Set by an administrator: such a version is never folded into nor pruned by count. */
  versionName: string | null;
  authorId: string;
  createdAt: string;
  /** The last save folded into it (createdAt when none was). */
  savedAt: string;
  saveCount: Generated<number>;
  /** A 'deleted' version's: the menus that opened the page, as a JSON array of ids (null on the others). */
  menuIds: string | null;
}

/** An application's OpenID Connect provider (issue 36). */
export interface IdentityProvidersTable {
  providerId: Generated<number>;
  appId: number;
  providerName: string;
  issuer: string;
  clientId: string;
  /** Sealed (security/secret-box.ts); '' when none is stored. */
  clientSecretEnc: string;
  scopes: string;
  groupsClaim: string | null;
  /** 'create' or 'refuse'. */
  newUsers: string;
  revision: Generated<number>;
  createdAt: string;
}

/** The account a provider's subject signs in as. */
export interface UserIdentitiesTable {
  providerId: number;
  subject: string;
  userId: string;
  createdAt: string;
}

/** A single sign-on under way: at the provider (state, verifier, nonce), then a ticket to trade. */
export interface SsoSignInsTable {
  state: string;
  providerId: number;
  codeVerifier: string;
  nonce: string;
  createdAt: string;
  /** SHA-256 of the one-time ticket, once the provider's answer was accepted. */
  ticketHash: string | null;
  userId: string | null;
}

/** A signed-in session (issue 36): the row its token names; gone once ended. */
export interface UserSessionsTable {
  sessionId: string;
  userId: string;
  appSlug: string;
  /** core's SessionMethod. */
  method: string;
  userAgent: string;
  ipAddress: string;
  signedInAt: string;
  /** Kept to the minute (see auth/sessions.ts). */
  lastUsedAt: string;
  expiresAt: string;
  /** 1: started with a second factor (a password sign-in with its code, or opened from such a session). */
  secondFactor: Generated<number>;
  /** 1: an administrator whose application requires a second factor, who must set one up before anything else. */
  mustSetUpSecondFactor: Generated<number>;
}

/** A token for machines (issue 36): its abilities on a few pages of one application, until it expires. */
export interface ApiTokensTable {
  tokenId: string;
  appId: number;
  tokenName: string;
  /** SHA-256 of the secret, hex. */
  secretHash: string;
  /** core's TokenAbility names, comma-separated. */
  abilities: string;
  /** The page ids, a JSON array. */
  pageIds: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  /** Kept to the minute, as a session's. */
  lastUsedAt: string | null;
}

/** An incoming webhook of a workflow (issue 37). */
export interface WorkflowHooksTable {
  hookId: string;
  appId: number;
  workflowId: number;
  hookName: string;
  /** core's HookAuthMode. */
  auth: string;
  waitMs: number;
  /** core's HookField list, JSON: the input schema ([] takes any body). */
  inputFields: string;
  /** The secret, sealed (SecretBox): a signature is checked with the secret itself. */
  secretEnc: string;
  createdAt: string;
  secretSetAt: string;
}

/** One call to a webhook, accepted or refused (core's HookCallOutcome). */
export interface HookCallsTable {
  callId: Generated<number>;
  hookId: string;
  at: string;
  outcome: string;
  runId: number | null;
  sourceAddress: string;
}

/** A signature a webhook took: good once, kept while its timestamp could still be accepted. */
export interface HookDeliveriesTable {
  hookId: string;
  /** SHA-256 of the signature header, hex. */
  signature: string;
  receivedAt: string;
}

/** A Send Webhook step's signing secret (issue 37), sealed (SecretBox): the signature is made with the secret itself. */
export interface WorkflowStepSecretsTable {
  actionId: number;
  appId: number;
  secretEnc: string;
  setAt: string;
}

/**
 * A replayable write's Idempotency-Key (issue 38) by caller: 'running' while the write is carried
 * out, then 'done' with the answer a second sending gets back.
 */
export interface RequestKeysTable {
  /** `<token's application slug>:<userId>`: keys are the caller's own. */
  caller: string;
  requestKey: string;
  callName: string;
  /** SHA-256 of the request (method, path, body), hex: a key names one request. */
  fingerprint: string;
  status: 'running' | 'done';
  httpStatus: number | null;
  /** The answer's JSON as sent. */
  answer: string | null;
  createdAt: string;
  doneAt: string | null;
  /** The server process that claimed it (server_processes), null for claims made before it was kept. */
  claimedBy: string | null;
}

/** The server processes alive: each refreshes its row while it runs (lifecycle/process-presence.ts). */
export interface ServerProcessesTable {
  processId: string;
  seenAt: string;
}

/** A task an Approval or Wait for Input step gave (issue 37); its run waits for it. */
export interface WorkflowTasksTable {
  taskId: Generated<number>;
  appId: number;
  workflowId: number;
  runId: number;
  stepNumber: number;
  /** core's TaskKind. */
  kind: string;
  /** Given to a group of the application, or to one account (one of the two). */
  assigneeGroupId: number | null;
  assigneeUser: string | null;
  /** As the step named it: `group:<name>` or the user id. */
  assigneeLabel: string;
  message: string;
  /** core's TaskField list, JSON ([] for an approval). */
  fields: string;
  /** core's TaskStatus. */
  status: string;
  deadlineAt: string | null;
  createdAt: string;
  /** core's TaskDecision, the answer's JSON (comment, values), who gave it and when; null while open. */
  decision: string | null;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

/** A schedule of a workflow (issue 37): a cron expression in its application's time zone. */
export interface WorkflowSchedulesTable {
  scheduleId: Generated<number>;
  appId: number;
  workflowId: number;
  cron: string;
  /** YYYY-MM-DD, the first and last days (in the application's time zone), or null. */
  startsOn: string | null;
  endsOn: string | null;
  /** core's MissedOccurrences. */
  missed: string;
  enabled: number;
  /** ISO time of the next occurrence; null once past the last day. */
  nextAt: string | null;
  createdAt: string;
}

/** An occurrence of a schedule, claimed with its run's row (one per schedule and time). */
export interface ScheduleOccurrencesTable {
  scheduleId: number;
  occurrenceAt: string;
  runId: number;
}

/** A person's passkey (issue 36): a WebAuthn credential. */
export interface PasskeysTable {
  /** base64url, as the browser names it. */
  credentialId: string;
  userId: string;
  passkeyName: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 for those that keep none). */
  signCount: number;
  /** The ways the browser may reach it (usb, internal, hybrid…), comma-separated. */
  transports: string;
  backedUp: number;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A challenge handed out for a passkey's registration or sign-in: taken once. */
export interface WebauthnChallengesTable {
  challenge: string;
  /** 'register' (by `userId`) or 'signIn' (by anyone). */
  purpose: string;
  userId: string | null;
  createdAt: string;
}

/** A one-time recovery code of a person's second factor (SHA-256 of it); used once. */
export interface RecoveryCodesTable {
  userId: string;
  codeHash: string;
  usedAt: string | null;
}

export interface MenusTable {
  menuId: Generated<number>;
  menuAppId: number;
  menuName: string;
  menuPageId: number;
  menuParentMenuId: number;
  menuOrder: number;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
  /** Its name in other catalogs (issue 35), JSON of core's NameTranslations; null: none. */
  nameTranslations: string | null;
}

export interface DbConfigsTable {
  dbId: Generated<number>;
  dbAppId: number;
  dbType: string;
  dbHost: string;
  dbPort: number;
  dbUser: string;
  /** AES-256-GCM ciphertext of the password; never sent to a browser. */
  dbPasswordEnc: string;
  dbDatabase: string;
  /** 1 when the super administrator saved the connection: it may reach a private address. */
  dbVouched: Generated<number>;
  /** Seconds a data widget's statement may run; null: the default (core TIME_LIMIT_DEFAULT_S). */
  dbTimeLimit: number | null;
  /** The connection's name across its application's environments (issue 39); null until a promotion or environments need one. */
  dbLink: Generated<string | null>;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface ChainsTable {
  chainId: Generated<number>;
  chainAppId: number;
  chainName: string;
  chainTrigger: string;
  /** The action attached as the trigger; 0 for none. */
  chainTriggerActionId: Generated<number>;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface ChainActionsTable {
  actionId: Generated<number>;
  actionChainId: number;
  actionAlias: string;
  actionName: string;
  addonName: string;
  actionScript: string;
  actionParams: string;
  /** Where the card sits on the editor's canvas; null until placed. */
  cardX: number | null;
  cardY: number | null;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface FlowEdgesTable {
  workflowId: number;
  fromActionId: number;
  toActionId: number;
  /** 'true' or 'false' on an edge out of a Condition; null otherwise. */
  branch: string | null;
}

/** A run of a published workflow version (issue 12); for the embedded queue also its job. */
export interface WorkflowRunsTable {
  runId: Generated<number>;
  workflowId: number;
  appId: number;
  versionId: number;
  /** queued, running, succeeded, failed, cancelled. */
  status: string;
  /** JSON text of $0: the values it was started with. */
  input: string;
  /** trigger, editor or chain. */
  startedByKind: string;
  startedByUser: string | null;
  triggerId: number | null;
  triggerRunId: number | null;
  /** The name of what started it when no account did (a webhook's, issue 37). */
  startedByName: Generated<string | null>;
  /** runChains: the action the run starts at (the steps not reachable from it are skipped). */
  startActionId: number | null;
  /** Random, part of every step's idempotency key. */
  runKey: string;
  rerunCount: Generated<number>;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** The failure as core's TextParts (JSON), for each reader's language; null before issue 35. */
  errorText: string | null;
  /** The worker holding the run, and until when (ms since the epoch). */
  leaseOwner: string | null;
  leaseExpiresAt: number | string | null;
}

/** One step of a run: the source of truth a resumed run continues from. */
export interface WorkflowStepRunsTable {
  runId: number;
  stepNumber: number;
  actionId: number;
  alias: string;
  addonName: string;
  /** pending, running, succeeded, failed, skipped. */
  status: string;
  /** JSON text of the resolved parameters. */
  input: string | null;
  /** JSON text of the output. */
  output: string | null;
  attempt: Generated<number>;
  maxAttempts: number;
  timeoutMs: number;
  error: string | null;
  /** The failure as core's TextParts (JSON), for each reader's language; null before issue 35. */
  errorText: string | null;
  branch: string | null;
  idempotencyKey: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** A published build of a workflow: the frozen definition runs use. */
export interface WorkflowVersionsTable {
  versionId: Generated<number>;
  chainId: number;
  appId: number;
  /** JSON text of the PublishedWorkflow. */
  definition: string;
  builtBy: string;
  builtAt: string;
}

/** An outbound service of the Third Parties screen (kind 'smtp' for now). */
export interface ThirdPartiesTable {
  serviceId: Generated<number>;
  serviceKind: string;
  serviceName: string;
  host: string;
  port: number;
  /** 'tls', 'starttls' or 'none'. */
  security: string;
  username: string;
  /** AES-256-GCM ciphertext of the password ('' for none); never sent to a browser. */
  passwordEnc: string;
  fromAddress: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

/** An application's HTTP API (issue 40). */
/** An application's git repository (issue 39). */
/** An environment of an application (issue 39): an application of its own, in its family. */
export interface AppEnvironmentsTable {
  appId: number;
  /** The application the environments were made from (the first Production). */
  familyId: number;
  envName: string;
  envOrder: number;
  /** The environment's structure (an export's bundle, JSON) as its last promotion or its making left it. */
  base: string;
  /** The structure the last promotion replaced (JSON), for its undo; null: nothing to undo. */
  undo: string | null;
  /** The environment the last promotion came from, when and by whom. */
  promotedFrom: string | null;
  promotedAt: string | null;
  promotedBy: string | null;
  /** Until when a promotion under way holds the environment (ISO time); null: none. */
  busyUntil: Generated<string | null>;
}

export interface AppGitTable {
  appId: number;
  repositoryUrl: string;
  branch: string;
  username: string;
  /** AES-256-GCM ciphertext of the access token ('' for none); never sent to a browser. */
  tokenEnc: string;
  /** The commit the application and the branch last agreed on: the next pull's merge base. */
  syncedCommit: string | null;
  /** ISO time of that agreement. */
  syncedAt: string | null;
  /** Until when a push or pull under way holds the application's repository (ISO time); null: none. */
  busyUntil: Generated<string | null>;
}

/** An environment's named variable (issue 39). */
export interface AppVariablesTable {
  variableId: Generated<number>;
  appId: number;
  varName: string;
  /** 1: the value is sealed (SecretBox) and never sent to a browser. */
  secret: number;
  /** The value as typed, or sealed when secret. */
  varValue: string;
  revision: Generated<number>;
}

export interface ApiSourcesTable {
  sourceId: Generated<number>;
  appId: number;
  sourceName: string;
  baseUrl: string;
  /** JSON of core's ApiAuthSettings: how the server signs in, without the secret. */
  authSettings: string;
  /** AES-256-GCM ciphertext of the token, password, key or client secret ('' for none); never sent to a browser. */
  secretEnc: string;
  /** JSON of [{ name, value }]: headers every request carries. */
  headers: string;
  timeLimitS: number;
  maxKb: number;
  revision: Generated<number>;
}

/** An endpoint of an API: a request with {{ }} parameters and how its answer becomes rows. */
export interface ApiEndpointsTable {
  endpointId: Generated<number>;
  sourceId: number;
  endpointName: string;
  /** JSON of core's ApiEndpointDraft without its name. */
  definition: string;
  revision: Generated<number>;
}

/** The school directory of the school search widgets (imported by the super administrator). */
export interface SchoolDirectoryTable {
  /** The school's national number (NPSN): re-importing it replaces the row. */
  npsn: string;
  schoolName: string;
  level: string;
  status: string;
  address: string;
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  villageCode: string;
  /** 1 for the sample rows of the first start. */
  isSample: number;
}

/**
 * The version of data a server process keeps in memory (the school directory's index): bumped
 * in the transaction that changes the data, compared by every process before it answers.
 */
export interface DataVersionsTable {
  /** What the version is of: 'schoolDirectory'. */
  name: string;
  version: number;
}

export interface FunctionsTable {
  id: Generated<number>;
  appId: number;
  slug: string;
  name: string;
  parameter: string;
  content: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface QueriesTable {
  actionId: Generated<number>;
  actionSlug: string;
  actionDbId: number;
  actionPageId: number;
  actionName: string;
  actionSqlQuery: string;
  actionFormat: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

export interface TriggersTable {
  triggerId: Generated<number>;
  triggerAppId: number;
  /** The trigger's alias (spec 2 §3 "name (alias)"). */
  triggerName: string;
  triggerChainId: Generated<number>;
  /** JSON text of the parameter names. */
  triggerParams: string;
  createdAt: string;
  updatedAt: string;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

/** One run of a trigger, recorded 'queued' for the workflow engine (a later release) to take up. */
export interface TriggerRunsTable {
  runId: Generated<number>;
  triggerId: number;
  appId: number;
  /** Who ran it. */
  userId: string;
  /** JSON text: parameter name → value. */
  params: string;
  status: string;
  createdAt: string;
}

export interface FilesTable {
  fileId: string;
  fileAppId: number;
  fileName: string;
  fileMimeType: string;
  fileSize: number;
  uploadedBy: string;
  createdAt: string;
}

/** A file kept in the store (src/storage): its bytes are its chunks, in `seq` order. */
export interface StoredFilesTable {
  fileId: string;
  appId: number;
  /** What it is to its application: 'upload', 'print-template' or 'pdf-sample'. */
  kind: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  chunkCount: number;
  createdAt: string;
}

export interface StoredFileChunksTable {
  fileId: string;
  seq: number;
  bytes: Buffer;
}

export interface TemplatesTable {
  templateId: Generated<number>;
  templateAppId: number;
  templateFilename: string;
  identifier: string;
  options: string;
}

/** A PDF extraction template; its sample PDF is the stored file `sampleFileId` (null until stored). */
export interface PdfTemplatesTable {
  templateId: Generated<number>;
  templateAppId: number;
  templateName: string;
  /** JSON of its fields (PdfTemplateField[]). */
  fields: string;
  /** JSON of the sample's page sizes in points. */
  pages: string;
  /** JSON of the sample's AcroForm field names. */
  formFields: string;
  sampleSize: number;
  createdBy: string;
  updatedAt: string;
  sampleFileId: string | null;
  /** Written objects' revision (issue 33): 1 when created, bumped by every write (store/revisions.ts). */
  revision: Generated<number>;
}

/** A print template's metadata; the .docx is the stored file of the same id. */
export interface PrintTemplatesTable {
  templateId: string;
  templateAppId: number;
  /** The name it was uploaded with, unique in its application: the `document` a PRINT action names. */
  templateFilename: string;
  /** JSON of { not_bulk: string[], groups: { [group]: string[] } }. */
  identifier: string;
  /** JSON of the template's options. */
  options: string;
  fileSize: number;
  uploadedBy: string;
  createdAt: string;
}

export interface PasswordResetsTable {
  /** SHA-256 of the token; the token itself is never stored. */
  tokenHash: string;
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

/** One recorded act of the audit log (issue 17): appended, never updated; pruned by age only. */
export interface AuditLogTable {
  auditId: Generated<number>;
  /** ISO-8601 UTC. */
  at: string;
  /** Who did it: a user id; null for the system (a workflow run a trigger started). */
  actorId: string | null;
  /** The application it happened in; null for what belongs to none (a sign-in refused before one was found, the Third Parties). */
  appId: number | null;
  /** The call's name in core's `calls` (saveApp, editRow, login…), or loginFailed. */
  action: string;
  entityType: string;
  entityId: string | null;
  /** In the specification's words. */
  summary: string;
  /** The summary as JSON of core's TextParts, said in each reader's language; null for an entry recorded before (issue 35). */
  summaryText: string | null;
  /** JSON, redacted of passwords, tokens and secrets before it is written. */
  details: string;
  sourceAddress: string | null;
}

export interface Database {
  apps: AppsTable;
  users: UsersTable;
  userGroups: UserGroupsTable;
  groupMembers: GroupMembersTable;
  groupMenuAccess: GroupMenuAccessTable;
  pages: PagesTable;
  pageVersions: PageVersionsTable;
  pageDocuments: PageDocumentsTable;
  workflowDocuments: WorkflowDocumentsTable;
  menus: MenusTable;
  dbConfigs: DbConfigsTable;
  chains: ChainsTable;
  chainActions: ChainActionsTable;
  flowEdges: FlowEdgesTable;
  workflowVersions: WorkflowVersionsTable;
  workflowRuns: WorkflowRunsTable;
  workflowStepRuns: WorkflowStepRunsTable;
  functions: FunctionsTable;
  queries: QueriesTable;
  triggers: TriggersTable;
  triggerRuns: TriggerRunsTable;
  files: FilesTable;
  storedFiles: StoredFilesTable;
  storedFileChunks: StoredFileChunksTable;
  templates: TemplatesTable;
  printTemplates: PrintTemplatesTable;
  pdfTemplates: PdfTemplatesTable;
  passwordResets: PasswordResetsTable;
  thirdParties: ThirdPartiesTable;
  apiSources: ApiSourcesTable;
  appGit: AppGitTable;
  appEnvironments: AppEnvironmentsTable;
  appVariables: AppVariablesTable;
  apiEndpoints: ApiEndpointsTable;
  schoolDirectory: SchoolDirectoryTable;
  dataVersions: DataVersionsTable;
  auditLog: AuditLogTable;
  identityProviders: IdentityProvidersTable;
  userIdentities: UserIdentitiesTable;
  ssoSignIns: SsoSignInsTable;
  userSessions: UserSessionsTable;
  recoveryCodes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  apiTokens: ApiTokensTable;
  workflowHooks: WorkflowHooksTable;
  hookCalls: HookCallsTable;
  hookDeliveries: HookDeliveriesTable;
  workflowSchedules: WorkflowSchedulesTable;
  workflowStepSecrets: WorkflowStepSecretsTable;
  workflowTasks: WorkflowTasksTable;
  requestKeys: RequestKeysTable;
  serverProcesses: ServerProcessesTable;
  scheduleOccurrences: ScheduleOccurrencesTable;
}

export type AppRow = Selectable<AppsTable>;
export type NewApp = Insertable<AppsTable>;
export type AppUpdate = Updateable<AppsTable>;
export type UserRow = Selectable<UsersTable>;
export type GroupRow = Selectable<UserGroupsTable>;
