import * as Y from 'yjs';

/**
 * Whether what the server stored holds a builder's document (issue 33): "Saved" means the store
 * holds what he sees. The server sends the Yjs snapshot of the document it stored (its state
 * vector and its deletions); the builder's document is held when each client's edits in it are
 * within the stored state vector and each deletion in it is among the stored deletions (a
 * deletion does not move a state vector, so the vector alone would say "Saved" too early).
 */
export function snapshotHolds(stored: Y.Snapshot, doc: Y.Doc): boolean {
  const local = Y.snapshot(doc);
  for (const [client, clock] of local.sv) if ((stored.sv.get(client) ?? 0) < clock) return false;
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
