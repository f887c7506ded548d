import type { Actor, LiveCounts, NotificationOutput, ServerEvent } from '@attune/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PubSub } from '../../plugins/app/pubsub';

/**
 * The live hub (step 8, decision 0045): which members have a socket open on this instance, and the
 * delivery of events to them from every instance.
 *
 * Each member has a channel on the pub/sub (`live.member.<id>`; in process, or Redis when
 * REDIS_URL is set): an instance listens on the channels of the members connected to it, and
 * anyone who has something for a member publishes there, so a message sent through instance A
 * reaches a socket on instance B. What travels is already decided by the policies of the domain
 * that sent it (a message goes only to its conversation's participants); the hub only delivers.
 */

/** What the hub needs of an open socket. */
export interface LiveSocket {
  readonly userId: number;
  readonly sessionId: string;
  /** The member as the policies see them (roles' capabilities), for what is rendered per reader. */
  readonly actor: Actor;
  send(event: ServerEvent): void;
  close(code: number, reason: string): void;
}

/** What the domains use to reach members live. */
export interface LivePublisher {
  /** Sends an event to every open socket of these members, on every instance. */
  toMembers(userIds: readonly number[], event: ServerEvent): Promise<void>;
  /** These members' header counts changed: each of their sockets is sent the new `counts`. */
  countsChanged(userIds: readonly number[]): Promise<void>;
}

/** What an instance sends another on a member's channel. */
type Envelope = { event: ServerEvent } | { counts: true };

export interface LiveHubOptions {
  pubsub: PubSub;
  /** The member's counts now (unread messages and notifications). */
  countsOf(userId: number): Promise<LiveCounts>;
  /** These notifications of the member, as the reader sees them. */
  notificationsOf(actor: Actor, ids: number[]): Promise<NotificationOutput[]>;
  log: FastifyBaseLogger;
  /** Counts asked for one member within this many ms are read once (a burst of messages). */
  countsDelayMs?: number;
}

export const memberChannel = (userId: number) => `live.member.${userId}`;

export class LiveHub implements LivePublisher {
  private readonly sockets = new Map<number, Set<LiveSocket>>();
  private readonly unsubscribe = new Map<number, () => void>();
  private readonly pendingCounts = new Map<number, NodeJS.Timeout>();

  constructor(private readonly options: LiveHubOptions) {}

  /** Sockets open on this instance (metrics, tests). */
  get size(): number {
    let total = 0;
    for (const set of this.sockets.values()) total += set.size;
    return total;
  }

  /**
   * Registers an open socket; resolves once its member's channel is listened to on every broker
   * (Redis confirms the subscription), so nothing published afterwards is missed.
   */
  async add(socket: LiveSocket): Promise<void> {
    let set = this.sockets.get(socket.userId);
    if (!set) {
      set = new Set();
      this.sockets.set(socket.userId, set);
      this.unsubscribe.set(
        socket.userId,
        this.options.pubsub.subscribe(
          memberChannel(socket.userId),
          (message) => this.receive(socket.userId, message as Envelope),
          // Events missed while Redis was away: the client resumes from its last event id.
          { onResync: () => this.deliver(socket.userId, { type: 'resync' }) },
        ),
      );
    }
    set.add(socket);
    await this.options.pubsub.ready();
  }

  remove(socket: LiveSocket): void {
    const set = this.sockets.get(socket.userId);
    if (!set?.delete(socket) || set.size > 0) return;
    this.sockets.delete(socket.userId);
    this.unsubscribe.get(socket.userId)?.();
    this.unsubscribe.delete(socket.userId);
    clearTimeout(this.pendingCounts.get(socket.userId));
    this.pendingCounts.delete(socket.userId);
  }

  async toMembers(userIds: readonly number[], event: ServerEvent): Promise<void> {
    await this.publishAll(userIds, { event });
  }

  async countsChanged(userIds: readonly number[]): Promise<void> {
    await this.publishAll(userIds, { counts: true });
  }

  /** The sockets open on this instance: of one member, or all. */
  socketsOf(userId?: number): LiveSocket[] {
    if (userId !== undefined) return [...(this.sockets.get(userId) ?? [])];
    return [...this.sockets.values()].flatMap((set) => [...set]);
  }

  /**
   * New notifications, heard from the database after they committed (every instance hears them):
   * each instance tells the sockets it holds, so they are not published again.
   */
  async notificationsCreated(pairs: readonly (readonly [number, number])[]): Promise<void> {
    const byMember = new Map<number, number[]>();
    for (const [userId, id] of pairs) {
      if (!this.sockets.has(userId)) continue;
      byMember.set(userId, [...(byMember.get(userId) ?? []), id]);
    }
    await Promise.all(
      [...byMember].map(async ([userId, ids]) => {
        const socket = this.sockets.get(userId)?.values().next().value;
        if (!socket) return;
        const shown = await this.options.notificationsOf(socket.actor, ids);
        for (const notification of shown.reverse())
          this.deliver(userId, { type: 'notification.new', notification });
        this.scheduleCounts(userId);
      }),
    );
  }

  /** Sends the member's counts to one socket now (when it opens). */
  async sendCounts(socket: LiveSocket): Promise<void> {
    socket.send({ type: 'counts', counts: await this.options.countsOf(socket.userId) });
  }

  /** Forgets every socket (shutdown); they are closed by the server. */
  clear(): void {
    for (const stop of this.unsubscribe.values()) stop();
    for (const timer of this.pendingCounts.values()) clearTimeout(timer);
    this.sockets.clear();
    this.unsubscribe.clear();
    this.pendingCounts.clear();
  }

  private async publishAll(userIds: readonly number[], envelope: Envelope) {
    await Promise.all(
      [...new Set(userIds)].map((id) => this.options.pubsub.publish(memberChannel(id), envelope)),
    );
  }

  private receive(userId: number, envelope: Envelope) {
    if ('event' in envelope) this.deliver(userId, envelope.event);
    else if ('counts' in envelope) this.scheduleCounts(userId);
  }

  private deliver(userId: number, event: ServerEvent) {
    for (const socket of this.sockets.get(userId) ?? []) socket.send(event);
  }

  /** Reads a member's counts once for a burst of changes, then sends them to all their sockets. */
  scheduleCounts(userId: number) {
    if (this.pendingCounts.has(userId) || !this.sockets.has(userId)) return;
    const timer = setTimeout(() => {
      this.pendingCounts.delete(userId);
      if (!this.sockets.has(userId)) return;
      this.options
        .countsOf(userId)
        .then((counts) => this.deliver(userId, { type: 'counts', counts }))
        .catch((error: unknown) => this.options.log.warn({ err: error }, 'live: counts failed'));
    }, this.options.countsDelayMs ?? 50);
    this.pendingCounts.set(userId, timer);
  }
}
