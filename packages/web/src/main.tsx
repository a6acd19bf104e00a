import './boot/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/theme.css';
import { nextTask } from './boot/next-task';

// The app starts in parts, each a task of its own (issue 42: as one task its module
// evaluation held a slow phone's main thread for over 200 ms): zod's set-up above, then the
// rules and schemas shared with the server (@rakit/core's chunk), then the app itself
// (./start: React, Mantine, the shell), whose own set-up pauses once more. All of them are
// preloaded by index.html (vite.config.ts's startPreload), so the parts wait for no fetch.
await nextTask();
await import('./boot/shared-rules');
await nextTask();
await import('./start');
