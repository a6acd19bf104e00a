import { dialectFor } from './dialects';
import type { DataSourceType } from './types';

/*
 * What kind of value a column holds, from the data type its engine names (information_schema's
 * data_type, SQLite's declared type): the search conditions and the search indexes both ask.
 * Each engine's types are its dialect's (dialects/<engine>.ts, columnTypes).
 */

/** Whether a column of this data type holds integers (an exact number is looked for in it once an index serves the search). */
export const isIntegerType = (dialect: DataSourceType, dataType: string): boolean => dialectFor(dialect).columnTypes.isInteger(dataType.toLowerCase());

/** Whether a column of this data type is text on the engine (what an index for search can be put on). */
export const isTextType = (dialect: DataSourceType, dataType: string): boolean => dialectFor(dialect).columnTypes.isText(dataType.toLowerCase());
