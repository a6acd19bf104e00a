import { z } from 'zod';

/**
 * The co-editing socket's protocol beyond Yjs and Hocuspocus (issue 33), as both sides read it:
 * where it is, why the server closes a builder's connection, and the news it sends a
 * document's builders.
 */

/** Where builders' editors open the co-editing socket, on the server's own port. */
export const COLLAB_PATH = '/collab';

/** What can be edited live: documents are named `{kind}/{id}`. */
export type LiveDocumentKind = 'page' | 'workflow';

/**
 * Why the server closes a builder's connection to a document: not (or no longer) allowed, a
 * change the model refuses, the object deleted. Hocuspocus closes a document's connection inside
 * its own protocol, whose close message carries the reason only (the provider reports code 1000
 * with it), so a browser tells them apart by reason; the codes are for sockets closed whole.
 */
export const collabCloses = (kind: LiveDocumentKind) => ({
  forbidden: { code: 4403, reason: 'forbidden' },
  refused: { code: 4422, reason: `The change makes a ${kind} the ${kind} model refuses` },
  deleted: { code: 4404, reason: `The ${kind} was deleted` },
}) as const;

export type CollabLoss = keyof ReturnType<typeof collabCloses>;

/** The largest message the socket takes closes it with this code (a change refused for its size). */
const MESSAGE_TOO_BIG = 1009;

/** Why the server ended a builder's connection, from the close the provider reports; undefined: a dropped connection, to join again. */
export function collabLossOf(close: { code: number; reason: string }): CollabLoss | undefined {
  if (close.code === 4403 || close.reason === 'forbidden') return 'forbidden';
  if (close.code === 4422 || close.code === MESSAGE_TOO_BIG || / model refuses$/.test(close.reason)) return 'refused';
  if (close.code === 4404 || / was deleted$/.test(close.reason)) return 'deleted';
  return undefined;
}

/**
 * The server's news to a document's builders (stateless messages): the document is stored (the
 * object's revision then, and the base64 Yjs snapshot of the document when its content was read,
 * which core's live-doc `snapshotHolds` compares with a builder's document), or the object was
 * deleted (the connections close next).
 */
export const CollabNewsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('stored'), revision: z.number().int(), snapshot: z.string() }),
  z.object({ type: z.literal('deleted') }),
]);
export type CollabNews = z.infer<typeof CollabNewsSchema>;

export const collabNews = {
  stored: (revision: number, snapshotBase64: string): string => JSON.stringify({ type: 'stored', revision, snapshot: snapshotBase64 } satisfies CollabNews),
  deleted: JSON.stringify({ type: 'deleted' } satisfies CollabNews),
};

/** The news a stateless message carries, or undefined for anything else. */
export function collabNewsOf(payload: string): CollabNews | undefined {
  try {
    const parsed = CollabNewsSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
