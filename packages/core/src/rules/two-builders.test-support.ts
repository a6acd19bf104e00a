import * as Y from 'yjs';

/**
 * Two builders' copies of one document that exchange every update, as the server relays them
 * (tests of the page and workflow documents): the second starts from the first.
 */
export function twoBuilders(first: Y.Doc) {
  const second = new Y.Doc();
  Y.applyUpdate(second, Y.encodeStateAsUpdate(first));
  const sync = () => {
    Y.applyUpdate(second, Y.encodeStateAsUpdate(first, Y.encodeStateVector(second)));
    Y.applyUpdate(first, Y.encodeStateAsUpdate(second, Y.encodeStateVector(first)));
  };
  return { first, second, sync };
}
