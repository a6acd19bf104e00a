import { z } from 'zod';
import { TABLE_MAX_LIMIT, TABLE_PAGE_SIZE } from '../rules/table-content';

/**
 * Calls of the data widgets at runtime (spec 3 §7): content of a table, chart, kanban or
 * loader, row edit and delete, kanban moves and the Excel export. The browser names the
 * widget (pageId + componentId) and sends values only; tables, columns and SQL come from the
 * widget's saved configuration on the server.
 */

/** The widget of a saved page a call is about. */
const widgetRef = {
  pageId: z.coerce.number().int().positive(),
  componentId: z.string().min(1).max(100),
};

const scalar = z.union([z.string().max(500), z.number()]);

/**
 * The active value of one filter: a value (or a list of values) for a select filter, '' or
 * null for none; { min, max } for an interval filter, where 0 or empty means no bound.
 */
export const FilterValueSchema = z.union([
  scalar,
  z.null(),
  z.array(scalar).max(100),
  z.object({ min: z.union([scalar, z.null()]).optional(), max: z.union([scalar, z.null()]).optional() }),
]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

/** A filter as the widget holds it (spec 3 §3 "Filter"); only field, value, values, min and max are read. */
export const ActiveFilterSchema = z.looseObject({
  field: z.string().min(1).max(200),
  value: z.union([scalar, z.null()]).optional(),
  values: z.array(scalar).max(100).optional(),
  min: z.union([scalar, z.null()]).optional(),
  max: z.union([scalar, z.null()]).optional(),
});
export type ActiveFilter = z.infer<typeof ActiveFilterSchema>;

export const TableSortSchema = z.object({
  /** A source column the widget shows (or its primary key). */
  column: z.string().min(1).max(200),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type TableSort = z.infer<typeof TableSortSchema>;

/** Search, filters and order of a table's content, as the table load and the export take them. */
const tableQuery = {
  /** Found anywhere in any shown column (LIKE, the user's % and _ taken literally). */
  search: z.string().max(200).refine((text) => !text.includes('\u0000'), 'search: a NUL character cannot be searched for').default(''),
  /** Active filter values keyed by the filter's field (its source column). */
  filterColumn: z.record(z.string().min(1).max(200), FilterValueSchema).default({}),
  /** The same values as the spec's filter objects; filterColumn wins for a field in both. */
  possibleFilters: z.array(ActiveFilterSchema).max(50).default([]),
  sort: TableSortSchema.optional(),
};

export const TableFilterInputSchema = z.object(tableQuery);
export type TableFilterInput = z.infer<typeof TableFilterInputSchema>;

/** The primary key value of one row. */
export const RowKeySchema = z.union([z.string().min(1).max(500), z.number()]);

/** A sort column's value in a page cursor, as the row held it. */
const CursorValueSchema = z.union([z.string().max(65_535), z.number(), z.null()]);

/**
 * Where a row sits in a keyset order: its primary key and, when the rows are sorted by
 * another column, that column's value (rows are then ordered by the column, then the key).
 */
export const PageCursorSchema = z.object({ key: RowKeySchema, sortValue: CursorValueSchema.optional() });
export type PageCursor = z.infer<typeof PageCursorSchema>;

/**
 * Paging by key: the rows after (Next) the last row shown or before (Prev) the first, or the
 * last page read from the end of the order (Last). The cursors come from the previous answer.
 */
export const PageCursorRequestSchema = z.discriminatedUnion('direction', [
  PageCursorSchema.extend({ direction: z.literal('after') }),
  PageCursorSchema.extend({ direction: z.literal('before') }),
  z.object({ direction: z.literal('last') }),
]);
export type PageCursorRequest = z.infer<typeof PageCursorRequestSchema>;

/** POST /get/loadTableContent (and /get/loadQueryContent): one page of a data widget's rows. */
export const LoadTableContentBodySchema = z.object({
  ...widgetRef,
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(1_000_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(TABLE_MAX_LIMIT).default(TABLE_PAGE_SIZE),
  ...tableQuery,
  /**
   * Keyset paging, optional: Next sends the answer's `cursors.last` as `after`, Prev its
   * `cursors.first` as `before`, Last `{ direction: 'last' }`; `page` is still the page number
   * the rows are shown as. Used when the rows can be ordered by key (a table with a one-column
   * primary key, sorted by it or by one other column); otherwise `page` alone places the rows.
   */
  cursor: PageCursorRequestSchema.optional(),
  /** The older form of `cursor`: the key alone (rows in primary key order only). */
  after: RowKeySchema.optional(),
  before: RowKeySchema.optional(),
  /**
   * Rows first: answer as soon as the page's rows are read. When their count is not known by
   * then the answer says countPending, and POST /get/countTableContent with the same body gives it.
   */
  countLater: z.boolean().optional(),
  /** The page's values for the widget's function (functionId), by its parameter names. */
  params: z.record(z.string().max(64), z.union([z.string().max(65_535), z.number(), z.boolean(), z.null()])).optional(),
});
export type LoadTableContentBody = z.infer<typeof LoadTableContentBodySchema>;

/** A cell value sent to the database. */
export const CellValueSchema = z.union([z.string().max(65_535), z.number(), z.boolean(), z.null()]);

/** POST /action/editRow: the changed columns of one row, through an EDIT action of the widget. */
export const EditRowBodySchema = z.object({
  ...widgetRef,
  actionName: z.string().min(1).max(500),
  key: RowKeySchema,
  values: z.record(z.string().min(1).max(200), CellValueSchema)
    .refine((v) => Object.keys(v).length > 0, 'values: send at least one changed column')
    .refine((v) => Object.keys(v).length <= 200, 'values: at most 200 columns'),
  /**
   * The changed columns as the editor read them (issue 38): the row is written only if they still
   * hold these values, else 409 with their values now. Only columns of `values`.
   */
  expected: z.record(z.string().min(1).max(200), CellValueSchema).optional(),
}).refine((body) => body.expected === undefined || Object.keys(body.expected).every((column) => column in body.values), {
  message: 'expected: only the columns being changed', path: ['expected'],
});
export type EditRowBody = z.infer<typeof EditRowBodySchema>;

/** POST /action/deleteRow: one row, through a DELETE action of the widget. */
export const DeleteRowBodySchema = z.object({
  ...widgetRef,
  actionName: z.string().min(1).max(500),
  key: RowKeySchema,
});
export type DeleteRowBody = z.infer<typeof DeleteRowBodySchema>;

/** POST /action/moveCard: a kanban card dropped on another lane (value: that lane's group value). */
export const MoveCardBodySchema = z.object({
  ...widgetRef,
  key: RowKeySchema,
  value: z.union([z.string().max(500), z.number()]),
  /** The card's lane value as the board read it (issue 38): moved only if it is still there, else 409 with its value now. */
  expected: CellValueSchema.optional(),
});
export type MoveCardBody = z.infer<typeof MoveCardBodySchema>;

/** The longest code a barcode scan sends: longer than any 1D or 2D symbology a scanner types. */
export const BARCODE_MAX_LENGTH = 500;

/**
 * POST /get/scanBarcode: the code a scanner typed into a barcode widget, matched exactly
 * (case-insensitive, surrounding spaces ignored) against the first column the widget maps.
 */
export const ScanBarcodeBodySchema = z.object({
  ...widgetRef,
  code: z.string().trim().min(1, 'code: scan a code').max(BARCODE_MAX_LENGTH),
});
export type ScanBarcodeBody = z.infer<typeof ScanBarcodeBodySchema>;

const commaListOrArray = z.union([z.array(z.string().max(500)).max(500), z.string().max(20_000)]);

/**
 * POST /print/blob/excelFromTable (spec 3 §7). A widget's export names it with pageId and
 * componentId and is built like its table load. query, dbId, columns and columnAlias are the
 * spec's fields: only the connection's administrators may export their own query with them.
 */
export const ExcelFromTableBodySchema = z.object({
  pageId: widgetRef.pageId.optional(),
  componentId: widgetRef.componentId.optional(),
  query: z.string().max(20_000).optional(),
  dbId: z.coerce.number().int().positive().optional(),
  /** Source columns, as a list or comma-joined. */
  columns: commaListOrArray.optional(),
  /** Column headers paired with columns, as a list or comma-joined. */
  columnAlias: commaListOrArray.optional(),
  filename: z.string().max(200).default('export'),
  filter: z.object({
    search: tableQuery.search,
    filterColumn: tableQuery.filterColumn,
    possibleFilters: tableQuery.possibleFilters,
  }).default({ search: '', filterColumn: {}, possibleFilters: [] }),
  sort: TableSortSchema.optional(),
});
export type ExcelFromTableBody = z.infer<typeof ExcelFromTableBodySchema>;

/** JSON text in a query string, parsed before validation. */
const jsonText = <T extends z.ZodType>(schema: T) => z.preprocess((value) => {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}, schema);

/** GET /print/excelFromTable/stream: the streamed .xlsx of a widget's rows (search, filters, order). */
export const ExcelStreamQuerySchema = z.object({
  ...widgetRef,
  search: tableQuery.search,
  /** JSON text of the filterColumn object of the table load. */
  filterColumn: jsonText(z.record(z.string().min(1).max(200), FilterValueSchema).default({})),
  sort: z.string().min(1).max(200).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  filename: z.string().max(200).default('export'),
});
export type ExcelStreamQuery = z.infer<typeof ExcelStreamQuerySchema>;
