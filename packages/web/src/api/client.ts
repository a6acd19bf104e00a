import {
  type DeleteRowBody, type EditRowBody, type ExcelFromTableBody, type LoadTableContentBody, type MoveCardBody,
  type Application, ApplicationSchema, type DbConfig, DbConfigSchema, type Group, GroupSchema, type LoginBody, type Menu,
  MenuSchema, type Page, PageSchema, type PageSummary, PageSummarySchema, PublicApplicationSchema, type PublicApplication, type RegistrationInput,
  type PageInput, type PrintPdfBody, type PrintTemplate, PrintTemplateSchema, type SaveAppBody, type SaveDbConfigBody, type SaveTriggerBody, type SessionUser, SessionUserSchema,
  type TestRequestAnswer, TestRequestAnswerSchema, type TestRequestBody, type TriggerRecord, TriggerRecordSchema, type TriggerRun, TriggerRunSchema,
} from '@rakit/core';
import { z } from 'zod';
import { readSession } from '../shell/session-storage';

/**
 * One answer of the API: `{ status, data?, error? }`, read from the body whatever the HTTP
 * code, with that code beside it. `data` is checked against the call's schema when status is true.
 */
export interface ApiAnswer<T> {
  status: boolean;
  data?: T;
  error?: string[];
  httpStatus: number;
}

/** The request never got a readable answer (network down, server gone, not JSON). */
export class ApiUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiUnreachableError';
  }
}

/** The first error text of a failed answer, or the fallback. */
export const firstError = (answer: ApiAnswer<unknown>, fallback: string): string => answer.error?.[0] ?? fallback;

const EnvelopeSchema = z.object({
  status: z.boolean(),
  data: z.unknown().optional(),
  error: z.array(z.string()).optional(),
});

interface CallOptions<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** A multipart body instead of JSON (the browser writes its content type and boundary). */
  form?: FormData;
  /** Schema of `data` on success. */
  data: S;
  /** The application whose stored session gives the bearer token; null for the public calls. */
  tokenOf: string | null;
}

async function call<S extends z.ZodType>(options: CallOptions<S>): Promise<ApiAnswer<z.infer<S>>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.tokenOf !== null) {
    const stored = readSession(options.tokenOf);
    if (stored.kind === 'ok') headers.authorization = `Bearer ${stored.session.user.token}`;
  }

  let response: Response;
  let json: unknown;
  try {
    response = await fetch(options.path, {
      method: options.method,
      headers,
      ...(options.form !== undefined ? { body: options.form } : options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    json = await response.json();
  } catch (cause) {
    throw new ApiUnreachableError(`${options.method} ${options.path} failed`, { cause });
  }

  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) throw new ApiUnreachableError(`${options.method} ${options.path}: not an API answer`);
  const { status, data, error } = envelope.data;
  const answer: ApiAnswer<z.infer<S>> = { status, httpStatus: response.status, ...(error === undefined ? {} : { error }) };
  if (status) {
    const parsed = options.data.safeParse(data);
    if (!parsed.success) throw new ApiUnreachableError(`${options.method} ${options.path}: unexpected data`, { cause: parsed.error });
    answer.data = parsed.data;
  }
  return answer;
}

const AppListSchema = z.array(ApplicationSchema);
const SavedAppSchema = z.object({ appId: z.number().int(), appSlug: z.string() });
/** saveApp with pages: the id and slug of each page, in the order sent. */
const SavedPagesSchema = SavedAppSchema.extend({ pages: z.array(z.object({ pageId: z.number().int(), pageSlug: z.string() })) });

const DbDetailsSchema = z.object({
  dbId: z.number().int(),
  dbDatabase: z.string(),
  tables: z.array(z.object({
    table_name: z.string(),
    /** COLUMN_KEY 'PRI' marks the primary key. */
    columns: z.array(z.object({ COLUMN_NAME: z.string(), COLUMN_KEY: z.string(), DATA_TYPE: z.string() })),
  })),
});
export type DbDetails = z.infer<typeof DbDetailsSchema>;

/** GET /get/listDatabase/{appId}: every connection of the application with its tables and columns. */
const DatabaseWithTablesSchema = DbDetailsSchema.extend({ dbType: z.string() });
export type DatabaseWithTables = z.infer<typeof DatabaseWithTablesSchema>;

/** runAction / runQuery: rows of a read, or [{affectedRows, insertId}] for a write. */
const ActionResultSchema = z.array(z.unknown());
/** A stored query (GET /action/listQueries, spec 2 §3 "Query record"). */
const QueryRecordSchema = z.looseObject({
  actionId: z.number().int(), actionDbId: z.number().int(), actionPageId: z.number().int(), actionName: z.string(), actionSQLQuery: z.string(),
});
export type QueryRecord = z.infer<typeof QueryRecordSchema>;
type BoundValue = string | number | boolean | null;
export interface RunActionBody {
  pageId: number;
  componentId: string;
  actionName: string;
  /** The page's values by component id (or a data widget's row by column). */
  params: Record<string, BoundValue>;
}
export interface SaveQueryBody {
  actionId: number | null;
  actionDbId: number;
  actionPageId: number;
  actionName: string;
  actionSQLQuery: string;
}
/** runTrigger's answer: the run is recorded, queued for the workflow engine. */
const QueuedRunSchema = z.object({ runId: z.number().int(), triggerId: z.number().int(), status: z.string() });

/** data[0] of POST /get/loadTableContent: one page of a data widget's rows. */
const TableContentSchema = z.object({
  count: z.number(),
  pageCount: z.number(),
  page: z.number(),
  limit: z.number(),
  columns: z.array(z.object({ label: z.string(), field: z.string() })),
  primaryKey: z.string().nullable(),
  possibleFilters: z.array(z.object({ field: z.string(), column: z.string(), type: z.string(), options: z.array(z.unknown()) })),
  filteredResult: z.array(z.record(z.string(), z.unknown())),
});
export type TableContent = z.infer<typeof TableContentSchema>;
/** The body of loadTableContent as the browser sends it (defaults filled in by the server). */
export type TableContentRequest = Pick<LoadTableContentBody, 'pageId' | 'componentId'> & Partial<Omit<LoadTableContentBody, 'pageId' | 'componentId'>>;
/** An export of a data widget's rows, with the table's search and filters. */
export interface ExcelRequest {
  pageId: number;
  componentId: string;
  filename: string;
  filter: Pick<ExcelFromTableBody['filter'], 'search' | 'filterColumn'>;
  sort?: ExcelFromTableBody['sort'];
}
const AffectedSchema = z.array(z.object({ affectedRows: z.number() }));
const ExcelFileSchema = z.object({ buffer: z.string(), mimetype: z.string(), filename: z.string() });
/** A file answered as JSON: base64 bytes, their type and name (exports and prints). */
export type BlobFile = z.infer<typeof ExcelFileSchema>;

/** A group of GET /auth/listGroupUser: one page of its members and how many it has. */
const GroupWithMembersSchema = GroupSchema.extend({ member: z.array(z.string()), memberCount: z.number().int() });
export type GroupWithMembers = z.infer<typeof GroupWithMembersSchema>;
const GroupPageSchema = z.object({ groups: z.array(GroupWithMembersSchema), count: z.number().int() });
export type GroupPage = z.infer<typeof GroupPageSchema>;

/** GET /auth/listuser answers each user as a one-item list; the first item is taken (spec 1 §7). */
const UserRefSchema = z.object({ userId: z.string() });
const UserPageSchema = z.object({
  users: z.array(z.tuple([UserRefSchema], UserRefSchema)).transform((entries) => entries.map(([first]) => first)),
  count: z.number().int(),
});
export type UserPage = z.infer<typeof UserPageSchema>;

export interface PageQuery {
  page: number;
  limit: number;
  /** Search text inside user ids. */
  userId: string;
}
export interface GroupPageQuery extends PageQuery {
  pageUser: number;
  limitUser: number;
}
/** The entries of the user dialog and of the group screen's user calls. */
export interface UserEntries {
  userId: string;
  password: string;
  confirm_password: string;
  /** Only when one changes his own password. */
  current_password?: string;
}

const query = (values: Record<string, string | number>): string =>
  new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();

/** Public calls: no token. */
export const publicApi = {
  getAppBySlug: (slug: string): Promise<ApiAnswer<PublicApplication>> =>
    call({ method: 'GET', path: `/get/getApp/slug/${encodeURIComponent(slug)}`, data: PublicApplicationSchema, tokenOf: null }),

  login: (body: LoginBody): Promise<ApiAnswer<SessionUser[]>> =>
    call({ method: 'POST', path: '/auth/login', body, data: z.array(SessionUserSchema), tokenOf: null }),

  register: (input: RegistrationInput, appId: number): Promise<ApiAnswer<unknown>> =>
    call({
      method: 'POST',
      path: '/auth/register',
      body: { data: { userId: input.userId, password: input.password, confirm_password: input.confirm_password, defaultGroupAppId: [appId] } },
      data: z.unknown(),
      tokenOf: null,
    }),
};

/** Calls made on behalf of the user signed in to `appSlug` (bearer token of its stored session). */
export function appApi(appSlug: string) {
  return {
    listApp: (): Promise<ApiAnswer<Application[]>> =>
      call({ method: 'GET', path: '/get/listApp', data: AppListSchema, tokenOf: appSlug }),

    listAppUser: (userId: string): Promise<ApiAnswer<Application[]>> =>
      call({ method: 'GET', path: `/get/listAppUser/${encodeURIComponent(userId)}`, data: AppListSchema, tokenOf: appSlug }),

    saveApp: (body: SaveAppBody): Promise<ApiAnswer<z.infer<typeof SavedAppSchema>>> =>
      call({ method: 'POST', path: '/save/saveApp', body, data: SavedAppSchema, tokenOf: appSlug }),

    deleteApp: (appId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/delete/deleteApp', body: { appId }, data: z.unknown(), tokenOf: appSlug }),

    // ---- Database connections (spec 1 screen 5) ----
    getDbConf: (appId: number): Promise<ApiAnswer<DbConfig[]>> =>
      call({ method: 'GET', path: `/get/getDbConf/${appId}`, data: z.array(DbConfigSchema), tokenOf: appSlug }),

    getDbDetails: (dbId: number): Promise<ApiAnswer<DbDetails>> =>
      call({ method: 'GET', path: `/get/getDbDetails/${dbId}`, data: DbDetailsSchema, tokenOf: appSlug }),

    saveDbConfig: (body: SaveDbConfigBody): Promise<ApiAnswer<unknown>> =>
      call({ method: 'POST', path: '/save/saveDbConfig', body, data: z.unknown(), tokenOf: appSlug }),

    deleteDbConfig: (dbId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/delete/deleteDbConfig', body: { dbId }, data: z.unknown(), tokenOf: appSlug }),

    // ---- Groups (spec 1 screen 6) ----
    listGroupUser: (appId: number, paging: GroupPageQuery): Promise<ApiAnswer<GroupPage>> =>
      call({ method: 'GET', path: `/auth/listGroupUser/${appId}?${query({ ...paging })}`, data: GroupPageSchema, tokenOf: appSlug }),

    listGroup: (appId: number): Promise<ApiAnswer<Group[]>> =>
      call({ method: 'GET', path: `/auth/listgroup/${appId}`, data: z.array(GroupSchema), tokenOf: appSlug }),

    addGroup: (appId: number, groupName: string): Promise<ApiAnswer<unknown>> =>
      call({
        method: 'POST',
        path: '/auth/addgroup',
        body: { data: { groupId: null, groupName, groupAppId: appId, groupAccess: { pageId: [], actionId: [], menuId: [] } } },
        data: z.unknown(),
        tokenOf: appSlug,
      }),

    deleteGroup: (groupId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/auth/deletegroup', body: { data: { groupId } }, data: z.unknown(), tokenOf: appSlug }),

    setDefaultGroup: (appId: number, groupId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'PUT', path: '/auth/setDefaultGroup', body: { data: { appId, groupId } }, data: z.unknown(), tokenOf: appSlug }),

    addUserToGroup: (userId: string, groupId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'POST', path: '/auth/addUserToGroup', body: { userId, groupId }, data: z.unknown(), tokenOf: appSlug }),

    removeUserFromGroup: (userId: string, groupId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/auth/removeUserFromGroup', body: { userId, groupId }, data: z.unknown(), tokenOf: appSlug }),

    /** Gives the group access to the menu; 409 when it already has it. */
    updateGroupAccess: (groupId: number, groupAppId: number, menuId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'PUT', path: '/auth/updategroup', body: { groupId, groupAppId, groupAccess: { menuId: [menuId] } }, data: z.unknown(), tokenOf: appSlug }),

    removeGroupAccess: (groupId: number, groupAppId: number, menuId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/auth/removeGroupAccess', body: { groupId, groupAppId, groupAccess: { menuId: [menuId] } }, data: z.unknown(), tokenOf: appSlug }),

    // ---- Users (spec 1 screen 7) ----
    listUser: (appId: number, paging: PageQuery): Promise<ApiAnswer<UserPage>> =>
      call({ method: 'GET', path: `/auth/listuser?${query({ appId, ...paging })}`, data: UserPageSchema, tokenOf: appSlug }),

    addUser: (appId: number, entries: UserEntries): Promise<ApiAnswer<unknown>> =>
      call({ method: 'POST', path: '/auth/adduser', body: { data: { ...entries, appId } }, data: z.unknown(), tokenOf: appSlug }),

    changePassword: (appId: number, entries: UserEntries): Promise<ApiAnswer<unknown>> =>
      call({ method: 'PUT', path: '/auth/changePassword', body: { data: { ...entries, appId } }, data: z.unknown(), tokenOf: appSlug }),

    deleteUser: (appId: number, userId: string): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/auth/deleteuser', body: { data: { userId, appId } }, data: z.unknown(), tokenOf: appSlug }),

    // ---- Menus and pages (spec 1 screen 8) ----
    /** A page by slug, within the application of this session (runtime viewer). */
    getPageBySlug: (pageSlug: string): Promise<ApiAnswer<Page[]>> =>
      call({ method: 'GET', path: `/get/getPage/slug/${encodeURIComponent(pageSlug)}?${query({ appSlug })}`, data: z.array(PageSchema), tokenOf: appSlug }),

    listMenu: (appId: number): Promise<ApiAnswer<Menu[]>> =>
      call({ method: 'GET', path: `/get/listMenu/${appId}`, data: z.array(MenuSchema), tokenOf: appSlug }),

    /** Creates a parent menu (menuParentMenuId 0) or a sub-menu, without a page. */
    saveMenu: (menuAppId: number, menuName: string, menuParentMenuId: number): Promise<ApiAnswer<unknown>> =>
      call({
        method: 'POST',
        path: '/save/saveMenu',
        body: { menuId: null, menuName, menuAppId, menuPageId: 0, menuParentMenuId },
        data: z.unknown(),
        tokenOf: appSlug,
      }),

    /** Points a menu at a page; 0 removes the page. */
    updateMenu: (menuAppId: number, menuId: number, menuPageId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'PUT', path: '/save/updateMenu', body: { menuId, menuAppId, menuPageId }, data: z.unknown(), tokenOf: appSlug }),

    deleteMenu: (menuId: number): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: '/delete/deleteMenu', body: { menuId }, data: z.unknown(), tokenOf: appSlug }),

    listAppPages: (appId: number): Promise<ApiAnswer<PageSummary[]>> =>
      call({ method: 'GET', path: `/get/listAppPages/${appId}`, data: z.array(PageSummarySchema), tokenOf: appSlug }),

    listUnassignedPages: (appId: number): Promise<ApiAnswer<PageSummary[]>> =>
      call({ method: 'GET', path: `/get/listUnassignedPages/${appId}`, data: z.array(PageSummarySchema), tokenOf: appSlug }),

    // ---- Page editor (spec 2 §2) ----
    getPage: (pageId: number): Promise<ApiAnswer<Page[]>> =>
      call({ method: 'GET', path: `/get/getPage/${pageId}`, data: z.array(PageSchema), tokenOf: appSlug }),

    /** Creates (pageId null, no components) or saves pages of the application through saveApp. */
    savePages: (appId: number, pages: PageInput[]): Promise<ApiAnswer<z.infer<typeof SavedPagesSchema>>> =>
      call({ method: 'POST', path: '/save/saveApp', body: { appId, pages }, data: SavedPagesSchema, tokenOf: appSlug }),

    // ---- Actions (spec 2 §2-§4) ----
    listDatabase: (appId: number): Promise<ApiAnswer<DatabaseWithTables[]>> =>
      call({ method: 'GET', path: `/get/listDatabase/${appId}`, data: z.array(DatabaseWithTablesSchema), tokenOf: appSlug }),

    /** A database action of a saved page; a failure answers ['Query Error' | 'Duplicate Entry For File', detail]. */
    runAction: (body: RunActionBody): Promise<ApiAnswer<unknown[]>> =>
      call({ method: 'POST', path: '/action/runAction', body, data: ActionResultSchema, tokenOf: appSlug }),

    /** Raw SQL: any statement for the connection's administrators (the Custom Query dialog). */
    runQuery: (dbId: number, query: string, params: BoundValue[] = []): Promise<ApiAnswer<unknown[]>> =>
      call({ method: 'POST', path: '/action/runQuery', body: { dbId, query, params }, data: ActionResultSchema, tokenOf: appSlug }),

    saveQuery: (body: SaveQueryBody): Promise<ApiAnswer<{ actionId: number }>> =>
      call({ method: 'POST', path: '/save/saveQuery', body: { ...body, actionSlug: '', actionFormat: '' }, data: z.object({ actionId: z.number().int() }), tokenOf: appSlug }),

    listQueries: (dbId: number): Promise<ApiAnswer<QueryRecord[]>> =>
      call({ method: 'GET', path: `/action/listQueries/${dbId}`, data: z.array(QueryRecordSchema), tokenOf: appSlug }),

    /** Creates (triggerId null) or updates a trigger; triggerParams is the JSON text of the names. */
    saveTrigger: (body: SaveTriggerBody): Promise<ApiAnswer<{ action: { actionId: number } }>> =>
      call({ method: 'POST', path: '/action/saveTrigger', body, data: z.object({ action: z.object({ actionId: z.number().int() }) }), tokenOf: appSlug }),

    listTriggers: (appId: number): Promise<ApiAnswer<TriggerRecord[]>> =>
      call({ method: 'GET', path: `/action/listTriggers/${appId}`, data: z.array(TriggerRecordSchema), tokenOf: appSlug }),

    /** The latest runs of a trigger, newest first (administrators). */
    triggerRuns: (triggerId: number): Promise<ApiAnswer<TriggerRun[]>> =>
      call({ method: 'GET', path: `/action/triggerRuns/${triggerId}`, data: z.array(TriggerRunSchema), tokenOf: appSlug }),

    /** The Request section's Test, sent by the server (public addresses only unless the operator allows private ones). */
    testRequest: (body: TestRequestBody): Promise<ApiAnswer<TestRequestAnswer>> =>
      call({ method: 'POST', path: '/action/testRequest', body, data: TestRequestAnswerSchema, tokenOf: appSlug }),

    // ---- Data widgets at runtime (spec 3 §7) ----
    /** One page of a data widget's rows; data[0] is the content. */
    loadTableContent: (body: TableContentRequest): Promise<ApiAnswer<TableContent[]>> =>
      call({ method: 'POST', path: '/get/loadTableContent', body, data: z.array(TableContentSchema), tokenOf: appSlug }),

    editRow: (body: EditRowBody): Promise<ApiAnswer<{ affectedRows: number }[]>> =>
      call({ method: 'POST', path: '/action/editRow', body, data: AffectedSchema, tokenOf: appSlug }),

    deleteRow: (body: DeleteRowBody): Promise<ApiAnswer<{ affectedRows: number }[]>> =>
      call({ method: 'POST', path: '/action/deleteRow', body, data: AffectedSchema, tokenOf: appSlug }),

    moveCard: (body: MoveCardBody): Promise<ApiAnswer<{ affectedRows: number }[]>> =>
      call({ method: 'POST', path: '/action/moveCard', body, data: AffectedSchema, tokenOf: appSlug }),

    /** The widget's rows as an .xlsx, base64 in the answer; 413 when too many (use excelStream). */
    excelFromTable: (body: ExcelRequest): Promise<ApiAnswer<z.infer<typeof ExcelFileSchema>>> =>
      call({ method: 'POST', path: '/print/blob/excelFromTable', body, data: ExcelFileSchema, tokenOf: appSlug }),

    /** The streamed .xlsx download (bearer token in the header, so fetched, never a plain link). */
    excelStream: async (request: ExcelRequest): Promise<Blob> => {
      const params = new URLSearchParams({
        pageId: String(request.pageId), componentId: request.componentId, search: request.filter.search,
        filterColumn: JSON.stringify(request.filter.filterColumn), filename: request.filename,
        ...(request.sort === undefined ? {} : { sort: request.sort.column, direction: request.sort.direction }),
      });
      const stored = readSession(appSlug);
      const response = await fetch(`/print/excelFromTable/stream?${params.toString()}`, {
        headers: stored.kind === 'ok' ? { authorization: `Bearer ${stored.session.user.token}` } : {},
      });
      if (!response.ok) throw new Error(`The export failed (HTTP ${response.status})`);
      return response.blob();
    },

    /** Queues a run of a stored trigger with its named arguments (the server sets --userId-- itself). */
    runTrigger: (triggerId: number, args: Record<string, BoundValue>): Promise<ApiAnswer<z.infer<typeof QueuedRunSchema>>> =>
      call({ method: 'POST', path: `/action/runTrigger/${triggerId}`, body: args, data: QueuedRunSchema, tokenOf: appSlug }),

    // ---- Printing (spec 2 "Print configuration", spec 3 §7) ----
    listPrintTemplates: (appId: number): Promise<ApiAnswer<PrintTemplate[]>> =>
      call({ method: 'GET', path: `/print/listTemplates?${query({ appId })}`, data: z.array(PrintTemplateSchema), tokenOf: appSlug }),

    /** Uploads a .docx template (administrators); one of the same name is replaced. */
    uploadPrintTemplate: (appId: number, file: File): Promise<ApiAnswer<PrintTemplate>> => {
      const form = new FormData();
      form.append('file', file);
      return call({ method: 'POST', path: `/print/uploadTemplate?${query({ appId })}`, form, data: PrintTemplateSchema, tokenOf: appSlug });
    },

    deletePrintTemplate: (templateId: string): Promise<ApiAnswer<unknown>> =>
      call({ method: 'DELETE', path: `/print/deleteTemplate/${encodeURIComponent(templateId)}`, data: z.unknown(), tokenOf: appSlug }),

    /** The template `document` filled with `body.data`, as a PDF (base64). */
    printPdf: (appId: number, document: string, body: PrintPdfBody): Promise<ApiAnswer<BlobFile>> =>
      call({ method: 'POST', path: `/print/blob/pdf/${encodeURIComponent(document)}?${query({ appId })}`, body, data: ExcelFileSchema, tokenOf: appSlug }),

  };
}
export type AppApi = ReturnType<typeof appApi>;
