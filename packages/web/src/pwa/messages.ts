/**
 * What a page asks the service worker (sw.ts): take me. A page whose navigation was under way
 * while the first worker activated is not taken by its clients.claim() (the spec skips a
 * client not yet running), and would stay without the worker, so offline-less, until its
 * next navigation; it asks once it sees an active worker and no controller.
 */
export const CLAIM_ME = 'RAKIT_CLAIM_ME';
