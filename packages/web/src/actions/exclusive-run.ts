/** A flag that says whether a run is under way; a React ref fits (it changes before any render). */
export interface BusyFlag {
  current: boolean;
}

/**
 * Runs `task` unless another task holding the same flag is still running (a double click, a
 * second choice while the first runs): then it answers undefined and runs nothing. `onBusy`
 * hears when the flag goes up and down (the widget disables its actions meanwhile).
 */
export async function exclusively<T>(busy: BusyFlag, task: () => Promise<T>, onBusy?: (busy: boolean) => void): Promise<T | undefined> {
  if (busy.current) return undefined;
  busy.current = true;
  onBusy?.(true);
  try {
    return await task();
  } finally {
    busy.current = false;
    onBusy?.(false);
  }
}
