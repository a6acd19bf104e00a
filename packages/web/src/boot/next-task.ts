/**
 * Resolves in a task of its own: the app's start awaits it between its parts (module
 * evaluation, set-up, first render), so that no part holds a slow phone's main thread for long
 * (Lighthouse's mobile Total Blocking Time counts every task over 50 ms, issue 42).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => { setTimeout(resolve, 0); });
