import type { Logger } from '../services';
import type { Redis } from 'ioredis';
import type { ReadCache, WriteAnnouncer } from '../store/read-cache';

/** How often the subscription is checked; a check unanswered within the connection's commandTimeout (1 s) counts as a lost connection. */
const HEARTBEAT_MS = 1000;

/**
 * Empties the read caches of every process sharing the store when one of them writes, by Redis
 * publish/subscribe on `channel`. A message carries nothing but its arrival: it only empties
 * the cache, so the next call rereads the store; no replica takes another's word for what a
 * user may do.
 *
 * While the subscription is not known to be live (before it starts, when the connection closes
 * or a heartbeat goes unanswered, until Redis answers again and it is renewed), this process
 * caches nothing: no other process's write can be missed.
 *
 * A write is announced after it is committed (the request that wrote announces it before it
 * answers); a publish that fails is logged, and other processes then see that write within
 * their RAKIT_READ_CACHE_MS.
 */
export class ReadCacheSync implements WriteAnnouncer {
  private scheduled: Promise<void> | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly cache: ReadCache,
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: Logger,
  ) {
    cache.suspend();
    subscriber.on('message', (from: string) => {
      if (from === channel) cache.invalidate();
    });
    subscriber.on('close', () => cache.suspend());
    subscriber.on('ready', () => void this.subscribe());
    if (subscriber.status === 'ready') void this.subscribe();
    this.heartbeat = setInterval(() => void this.check(), HEARTBEAT_MS);
    this.heartbeat.unref();
    cache.announcer = this;
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
      // Writes made while unsubscribed were not heard: start from an empty cache.
      if (!this.closed) this.cache.resume();
    } catch (error) {
      this.log.warn({ err: error }, 'read cache: subscribing to Redis failed; reads are not cached');
    }
  }

  /** A connection that died without closing (a cut network) answers no ping: stop caching and reconnect. */
  private async check(): Promise<void> {
    if (this.closed || this.subscriber.status !== 'ready') return;
    try {
      await this.subscriber.ping();
    } catch {
      if (this.closed) return;
      this.cache.suspend();
      this.subscriber.disconnect(true);
    }
  }

  /** Announces a write once this turn of the event loop is over (the statements of one call share a message). */
  soon(): void {
    this.scheduled ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      this.scheduled = undefined;
      return this.publish();
    });
  }

  /** Announces a committed write, answering once Redis has handed the message to the subscribers. */
  async now(): Promise<void> {
    await this.publish();
  }

  private async publish(): Promise<void> {
    try {
      await this.publisher.publish(this.channel, '');
    } catch (error) {
      this.log.warn({ err: error }, 'read cache: a write could not be announced through Redis; other replicas see it within RAKIT_READ_CACHE_MS');
    }
  }

  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.cache.announcer === this) this.cache.announcer = undefined;
  }
}
