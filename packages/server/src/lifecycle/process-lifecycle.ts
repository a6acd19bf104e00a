/** A step of starting or stopping: may be awaited. */
type Step = () => Promise<unknown> | void;

/**
 * What one process (a web server or a workflow worker) starts once it is ready and stops when it
 * closes. Stops run in the reverse order of their registration, like deferred calls: what a part
 * registered early (the pools, the shared Redis) is still there while the later parts (the
 * workers that use them) stop.
 */
export class ProcessLifecycle {
  private readonly starts: Step[] = [];
  private readonly stops: Step[] = [];
  private started = false;
  private stopped = false;

  whenStarted(step: Step): void {
    this.starts.push(step);
  }

  whenStopped(step: Step): void {
    this.stops.push(step);
  }

  /** Runs the start steps in order, once. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const step of this.starts) await step();
  }

  /** Runs the stop steps, last registered first, once; every step runs even if one fails. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const failures: unknown[] = [];
    for (const step of [...this.stops].reverse()) {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, 'several parts failed to stop');
  }
}
