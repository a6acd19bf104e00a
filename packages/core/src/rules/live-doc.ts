import * as Y from 'yjs';

/**
 * Whether what the server stored holds a builder's work (issue 33): his "Saved". The server sends
 * the Yjs snapshot of the document it stored (its state vector and its deletions); the builder's
 * work is held when his own additions are within the stored state vector and every deletion his
 * document has is among the stored deletions (a deletion moves no state vector, so the vector
 * alone would say "Saved" before a removal is stored; a deletion does not say who made it, so
 * all of them are asked for). Others' additions not stored yet are theirs to wait for.
 */
export function snapshotHolds(stored: Y.Snapshot, doc: Y.Doc): boolean {
  const local = Y.snapshot(doc);
  if ((stored.sv.get(doc.clientID) ?? 0) < (local.sv.get(doc.clientID) ?? 0)) return false;
  for (const [client, deletions] of local.ds.clients) {
    const kept = stored.ds.clients.get(client) ?? [];
    for (const deletion of deletions) {
      const end = deletion.clock + deletion.len;
      // The stored deletions of a client are sorted and merged: one range must cover this one.
      if (!kept.some((range) => range.clock <= deletion.clock && range.clock + range.len >= end)) return false;
    }
  }
  return true;
}

/** The snapshot of a document, as the server sends it (base64 of Y.encodeSnapshot). */
export const encodedSnapshotOf = (doc: Y.Doc): Uint8Array => Y.encodeSnapshot(Y.snapshot(doc));
export const decodeSnapshot = (bytes: Uint8Array): Y.Snapshot => Y.decodeSnapshot(bytes);
