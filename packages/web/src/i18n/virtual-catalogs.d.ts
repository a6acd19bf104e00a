/** One language's compiled texts (vite.config.ts, rakitCatalogs). */
declare module 'virtual:rakit-catalog/*' {
  import type { Messages } from '@lingui/core';

  const messages: Messages;
  export default messages;
}
