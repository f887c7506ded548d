import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub';

/** Resolves with the messages a handler received once `count` arrived (or fails after 5 s). */
function collect(pubsub: PubSub, channel: string, count: number) {
  const received: unknown[] = [];
  const done = new Promise<unknown[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${received.length} messages`)), 5_000);
    pubsub.subscribe(channel, (message) => {
      received.push(message);
      if (received.length === count) {
        clearTimeout(timer);
        resolve(received);
      }
    });
  });
  return { received, done };
}

describe('pub/sub in process memory (no REDIS_URL)', () => {
  it('delivers to every subscriber of the channel, and not after unsubscribing', async () => {
    const pubsub = createMemoryPubSub();
    const first = collect(pubsub, 'a', 2);
    const seen: unknown[] = [];
    const unsubscribe = pubsub.subscribe('a', (message) => seen.push(message));
    const other: unknown[] = [];
    pubsub.subscribe('b', (message) => other.push(message));

    await pubsub.publish('a', { n: 1 });
    unsubscribe();
    await pubsub.publish('a', { n: 2 });

    expect(await first.done).toEqual([{ n: 1 }, { n: 2 }]);
    expect(seen).toEqual([{ n: 1 }]);
    expect(other).toEqual([]);
    await pubsub.close();
  });
});

// With REDIS_URL (as on CI): two instances hear each other through Redis.
describe.runIf(Boolean(process.env.REDIS_URL))('pub/sub through Redis', () => {
  const opened: PubSub[] = [];
  const open = async (prefix: string) => {
    const pubsub = await createRedisPubSub(process.env.REDIS_URL!, prefix);
    opened.push(pubsub);
    return pubsub;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((pubsub) => pubsub.close()));
  });

  it('delivers a message from one instance to the others of the same prefix only', async () => {
    const prefix = `attune-test-ps:${randomBytes(6).toString('hex')}`;
    const [sender, receiver, stranger] = await Promise.all([
      open(prefix),
      open(prefix),
      open(`${prefix}-other`),
    ]);
    const heard = collect(receiver, 'sessions', 2);
    const ownEcho = collect(sender, 'sessions', 2);
    const strangerHeard: unknown[] = [];
    stranger.subscribe('sessions', (message) => strangerHeard.push(message));
    await Promise.all([sender.ready(), receiver.ready(), stranger.ready()]);

    await sender.publish('sessions', { sessionId: 'x' });
    await sender.publish('sessions', { userId: 7 });

    expect(await heard.done).toEqual([{ sessionId: 'x' }, { userId: 7 }]);
    expect(await ownEcho.done).toEqual([{ sessionId: 'x' }, { userId: 7 }]);
    await sleep(100);
    expect(strangerHeard).toEqual([]);
  });

  it('asks subscribers to resynchronise after the connection to Redis was lost', async () => {
    const prefix = `attune-test-ps:${randomBytes(6).toString('hex')}`;
    const pubsub = await open(prefix);
    let resyncs = 0;
    pubsub.subscribe('sessions', () => {}, { onResync: () => (resyncs += 1) });
    await pubsub.ready();

    const admin = new Redis(process.env.REDIS_URL!);
    try {
      const clients = (await admin.client('LIST')) as string;
      const line = clients.split('\n').find((entry) => entry.includes(`name=${prefix}:sub `));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      expect(id, 'the subscriber connection is listed by its name').toBeTruthy();
      await admin.client('KILL', 'ID', id!);
    } finally {
      admin.disconnect();
    }
    // A channel asked for while the connection is away is subscribed once it is back.
    const later: unknown[] = [];
    pubsub.subscribe('later', (message) => later.push(message));
    const deadline = Date.now() + 5_000;
    while (resyncs === 0 && Date.now() < deadline) await sleep(50);
    expect(resyncs).toBe(1);

    // And it hears messages again, once ioredis has subscribed again by itself.
    const after: unknown[] = [];
    pubsub.subscribe('sessions', (message) => after.push(message));
    const sender = await open(prefix);
    while (after.length === 0 && Date.now() < deadline + 5_000) {
      await sender.publish('sessions', { userId: 1 });
      await sleep(50);
    }
    expect(after[0]).toEqual({ userId: 1 });
    await sender.publish('later', { sessionId: 'y' });
    while (later.length === 0 && Date.now() < deadline + 5_000) await sleep(20);
    expect(later).toEqual([{ sessionId: 'y' }]);
  });

  it('stops listening to a channel once its last subscriber leaves', async () => {
    const prefix = `attune-test-ps:${randomBytes(6).toString('hex')}`;
    const [sender, receiver] = await Promise.all([open(prefix), open(prefix)]);
    const heard: unknown[] = [];
    const leave = receiver.subscribe('gone', (message) => heard.push(message));
    await receiver.ready();
    leave();
    const admin = new Redis(process.env.REDIS_URL!);
    try {
      const deadline = Date.now() + 2_000;
      let subscribers = 1;
      while (subscribers > 0 && Date.now() < deadline) {
        const counts = (await admin.pubsub('NUMSUB', `${prefix}:gone`)) as [string, number];
        subscribers = Number(counts[1]);
        if (subscribers > 0) await sleep(20);
      }
      expect(subscribers).toBe(0);
    } finally {
      admin.disconnect();
    }
    await sender.publish('gone', { userId: 2 });
    await sleep(50);
    expect(heard).toEqual([]);
  });
});
