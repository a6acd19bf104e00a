import { z } from 'zod';

/**
 * How many times an object administrators edit has been written (issue 33): 1 when created,
 * one more on each write. Every answer that shows such an object carries it.
 */
export const RevisionSchema = z.number().int().min(1);

/**
 * The revision an administrator's write was based on (what the screen loaded). The server writes
 * only while the object is still at it, and otherwise answers 409 with the stored object, so no
 * one's work is replaced unseen. Left out, the write is unconditional (the spec's own bodies).
 */
export const BaseRevisionSchema = RevisionSchema.max(2_147_483_647).optional();

/** The field an object's answer and its writes carry. */
export const revisionField = { revision: RevisionSchema };
export const baseRevisionField = { revision: BaseRevisionSchema };
