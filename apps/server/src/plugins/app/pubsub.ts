import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Messages between the server's instances (ARCHITECTURE §2): in process memory by default, through
 * Redis when REDIS_URL is set, so every instance behind the load balancer hears them: step 8's live
 * events. What keeps caches fresh is announced by the database instead (decision 0066).
 *
 * Delivery is at most once: a message sent while Redis is away is lost. Subscribers that keep
 * state derived from messages (caches) pass `onResync`, called after Redis comes back, to drop
 * what they may have missed.
 */
export interface PubSub {
  readonly kind: 'memory' | 'redis';
  /** Sends to every subscriber of the channel on every instance, this one included. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(
    channel: string,
    handler: (message: unknown) => void,
    options?: { onResync?: () => void },
  ): () => void;
  /** Resolves once every subscription made so far is in place (Redis confirms it). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pubsub: PubSub;
  }
}

/** One process: an EventEmitter. Messages are delivered synchronously, as plain values. */
export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async ready() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis PUBLISH/SUBSCRIBE (ioredis): one connection publishes, one listens (a subscribed
 * connection can do nothing else). Channels are prefixed with REDIS_KEY_PREFIX, so deployments
 * sharing a Redis stay apart. Messages are JSON.
 */
export async function createRedisPubSub(
  url: string,
  prefix: string,
  log?: FastifyBaseLogger,
): Promise<PubSub> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 1 };
  // Named, so an operator (and the test of resynchronisation) can tell them apart in CLIENT LIST.
  const publisher = new Redis(url, {
    ...options,
    enableOfflineQueue: false,
    connectionName: `${prefix}:pub`,
  });
  const subscriber = new Redis(url, { ...options, connectionName: `${prefix}:sub` });
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const resyncs = new Set<() => void>();
  const pending = new Set<Promise<unknown>>();
  const name = (channel: string) => `${prefix}:${channel}`;

  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: Error) =>
      log?.warn(`pub/sub: Redis unreachable, messages are lost meanwhile: ${error.message}`),
    );
  }
  subscriber.on('message', (channel: string, raw: string) => {
    const listeners = handlers.get(channel);
    if (!listeners) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      log?.warn({ channel }, 'pub/sub: a message that is not JSON was ignored');
      return;
    }
    for (const handler of listeners) handler(message);
  });
  /** SUBSCRIBE, remembered until Redis confirms it (`ready()` waits for these). */
  const subscribe = (key: string) => {
    const subscribed = subscriber
      .subscribe(key)
      .catch((error: Error) => {
        // Asked again at the next connection ('ready' below).
        log?.warn(`pub/sub: could not subscribe to ${key}: ${error.message}`);
      })
      .finally(() => pending.delete(subscribed));
    pending.add(subscribed);
  };
  // At every connection (the first, or after Redis was away): subscribe to every channel again,
  // since ioredis renews only the subscriptions Redis had confirmed, and let subscribers drop what
  // they may have missed meanwhile (or kept while no message could reach them).
  subscriber.on('ready', () => {
    for (const key of handlers.keys()) subscribe(key);
    for (const resync of resyncs) resync();
  });
  await Promise.all([publisher.connect(), subscriber.connect()]).catch((error: Error) =>
    log?.warn(`pub/sub: Redis not reachable at start, retrying: ${error.message}`),
  );

  return {
    kind: 'redis',
    async publish(channel, message) {
      try {
        await publisher.publish(name(channel), JSON.stringify(message));
      } catch (error) {
        // Lost: instances that missed it keep what it was about for at most their cache's time to
        // live (sessions: 15 s); those whose own connection dropped resynchronise (onResync).
        log?.warn(`pub/sub: not sent (${(error as Error).message})`);
      }
    },
    subscribe(channel, handler, subscribeOptions) {
      const key = name(channel);
      let listeners = handlers.get(key);
      if (!listeners) {
        listeners = new Set();
        handlers.set(key, listeners);
        // Not connected yet: 'ready' subscribes.
        if (subscriber.status === 'ready') subscribe(key);
      }
      listeners.add(handler);
      const resync = subscribeOptions?.onResync;
      if (resync) resyncs.add(resync);
      return () => {
        listeners.delete(handler);
        if (resync) resyncs.delete(resync);
        if (listeners.size === 0 && handlers.get(key) === listeners) {
          handlers.delete(key);
          void subscriber.unsubscribe(key).catch(() => {});
        }
      };
    },
    async ready() {
      await Promise.all(pending);
    },
    async close() {
      handlers.clear();
      resyncs.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** Decorates `app.pubsub`; closed when the app closes. */
export const pubsubPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl?: string; prefix: string }) => {
    const pubsub = options.redisUrl
      ? await createRedisPubSub(options.redisUrl, options.prefix, app.log)
      : createMemoryPubSub();
    app.decorate('pubsub', pubsub);
    // Subscriptions made while plugins register are in place before the first request.
    app.addHook('onReady', () => pubsub.ready());
    app.addHook('onClose', () => pubsub.close());
  },
);
