import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createComponent } from '../widgets/registry';
import { decodeSnapshot, encodedSnapshotOf, snapshotHolds } from './live-doc';
import { componentsOfDoc, docOfComponents, writeComponentsToDoc } from './page-ydoc';

describe('whether the store holds a builder\'s document', () => {
  it('holds it once the stored snapshot has his additions and his deletions, not before', () => {
    const server = docOfComponents([createComponent('input', 'a', 'A'), createComponent('input', 'b', 'B')]);
    const builder = new Y.Doc();
    Y.applyUpdate(builder, Y.encodeStateAsUpdate(server));
    const stored = () => decodeSnapshot(encodedSnapshotOf(server));
    const send = () => Y.applyUpdate(server, Y.encodeStateAsUpdate(builder, Y.encodeStateVector(server)));
    expect(snapshotHolds(stored(), builder)).toBe(true);

    // A deletion moves no state vector: the snapshot's deletions must have it.
    const before = stored();
    writeComponentsToDoc(builder, componentsOfDoc(builder).filter((c) => c.id !== 'b'));
    expect(Y.encodeStateVector(builder)).toEqual(Y.encodeStateVector(server));
    expect(snapshotHolds(before, builder)).toBe(false);
    send();
    expect(snapshotHolds(stored(), builder)).toBe(true);

    writeComponentsToDoc(builder, [...componentsOfDoc(builder), createComponent('text', 'c', 'C')]);
    expect(snapshotHolds(stored(), builder)).toBe(false);
    send();
    expect(snapshotHolds(stored(), builder)).toBe(true);

    // Another builder's addition, seen before it is stored, is his to wait for.
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(server));
    const held = stored();
    writeComponentsToDoc(other, [...componentsOfDoc(other), createComponent('text', 'd', 'D')]);
    Y.applyUpdate(builder, Y.encodeStateAsUpdate(other, Y.encodeStateVector(builder)));
    expect(componentsOfDoc(builder).map((c) => c.id)).toContain('d');
    expect(snapshotHolds(held, builder)).toBe(true);
  });
});
