import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CHAT_LIMITS,
  ClientFrame,
  COOKIE_NAMES,
  WS_CLOSE,
  type ServerEvent,
} from '@attune/contract';
import { bearerToken } from '../../lib/bearer';
import { authenticate, type Principal, type TokenKind } from '../auth/service';
import { NOTICES_CHANNEL } from '../notifications/service';
import * as chat from '../chat/service';
import type { LiveHub, LiveSocket } from './hub';

/**
 * `/ws` (step 8, decision 0045): one socket per open app. The member is known from the session
 * cookie that `authwp` sets (browsers cannot put a header on a socket), or from the first frame
 * `{ "type": "auth", "token": "…" }`. Frames over 64 KB close the socket with 1009 (the `ws`
 * library's maxPayload). A socket lives as long as its session: it is checked again whenever
 * sessions change on any instance (logout, password change, deletion) and every 30 seconds, and
 * closed with 4401 once the session no longer holds.
 */

export const LIVE_TIMINGS = {
  /** A socket without a session cookie must authenticate within this time. */
  authMs: 10_000,
  /** Sessions are checked again, and the peer pinged, this often. */
  checkMs: 30_000,
  /** Typing frames a socket may send per this many ms (more are dropped). */
  typingEveryMs: 1_000,
};

interface Credential {
  token: string;
  kind: TokenKind;
}

/**
 * Whether the Origin header allows the upgrade: no Origin (a client that is not a browser), the
 * public address, or the address the request came to (a local or proxied start). A page on
 * another site cannot open a socket with the member's cookie.
 */
export function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = `${request.protocol}://${request.host}`;
  let publicOrigin: string | undefined;
  try {
    publicOrigin = new URL(publicUrl).origin;
  } catch {
    publicOrigin = undefined;
  }
  return origin === own || origin === publicOrigin;
}

export async function liveRoutes(
  app: FastifyInstance,
  options: { hub: LiveHub; chat: () => chat.ChatContext; publicUrl: string },
) {
  const { hub } = options;
  const open = new Map<LiveSocket, Connection>();
  await app.register(websocket, { options: { maxPayload: CHAT_LIMITS.frameMaxBytes } });

  // Ended or changed sessions, announced by the database whoever changed them: the affected
  // members' sockets are checked again.
  const stop = app.onSessionsChanged((members) => {
    const affected = members === '*' ? null : new Set(members);
    for (const [socket, connection] of open)
      if (!affected || affected.has(socket.userId)) void connection.check();
  });
  // New notifications, heard from the database once committed (every instance hears each one).
  const notices = await app.database.listen(NOTICES_CHANNEL, {
    message: (payload) => {
      let pairs: [number, number][];
      try {
        pairs = JSON.parse(payload) as [number, number][];
      } catch {
        return;
      }
      hub.notificationsCreated(pairs).catch((error: unknown) => {
        app.log.warn({ err: error }, 'live: notifications failed');
      });
    },
    // Listening again after a lost connection: what was missed shows in the counts.
    connected: () => {
      for (const socket of hub.socketsOf()) hub.scheduleCounts(socket.userId);
    },
    disconnected: () => {},
  });
  const checks = setInterval(() => {
    for (const connection of open.values()) void connection.check(true);
  }, LIVE_TIMINGS.checkMs);
  checks.unref();
  app.addHook('onClose', async () => {
    stop();
    await notices.stop();
    clearInterval(checks);
    hub.clear();
  });

  class Connection {
    private socketView: LiveSocket | null = null;
    private credential: Credential | null = null;
    private lastTyping = 0;
    private work: Promise<void> = Promise.resolve();
    private closed = false;

    constructor(
      private readonly socket: WebSocket,
      private readonly request: FastifyRequest,
    ) {
      // Handlers are attached at once, so a frame sent right after opening is never lost; frames
      // are handled one after another, in order.
      socket.on('message', (data, isBinary) => {
        const text = isBinary ? null : data.toString();
        this.work = this.work
          .then(() => this.frame(text))
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'live: frame failed');
          });
      });
      socket.on('close', () => this.closed_());
      socket.on('error', () => this.closed_());
      const cookie = request.cookies[COOKIE_NAMES.session];
      const bearer = bearerToken(request);
      if (bearer) this.work = this.signIn({ token: bearer, kind: 'access' });
      else if (cookie) this.work = this.signIn({ token: cookie, kind: 'session' });
      else {
        const timer = setTimeout(() => {
          if (!this.socketView) this.refuse('Sign in first.');
        }, LIVE_TIMINGS.authMs);
        socket.once('close', () => clearTimeout(timer));
      }
    }

    send(event: ServerEvent) {
      if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(event));
    }

    /** Checks the session again (and pings, on the timer); closes the socket when it ended. */
    async check(ping = false) {
      if (!this.credential || this.closed) return;
      if (!(await this.principal(this.credential))) return this.refuse('Your session has ended.');
      if (ping && this.socket.readyState === this.socket.OPEN) this.socket.ping();
    }

    private async principal(credential: Credential): Promise<Principal | null> {
      try {
        return await authenticate(app.auth, credential.token, credential.kind);
      } catch {
        return null;
      }
    }

    private async signIn(credential: Credential) {
      const principal = await this.principal(credential);
      if (!principal) return this.refuse('Your session has ended. Please sign in again.');
      if (this.closed) return;
      this.credential = credential;
      const view: LiveSocket = {
        userId: principal.userId,
        sessionId: principal.sessionId,
        actor: { userId: principal.userId, capabilities: principal.capabilities },
        send: (event) => this.send(event),
        close: (code, reason) => this.socket.close(code, reason),
      };
      this.socketView = view;
      open.set(view, this);
      await hub.add(view);
      this.send({ type: 'ready', userId: principal.userId });
      await hub.sendCounts(view);
    }

    private refuse(message: string) {
      this.send({ type: 'error', code: 'unauthorized', message });
      this.socket.close(WS_CLOSE.unauthorized, 'unauthorized');
    }

    private async frame(text: string | null) {
      if (this.closed) return;
      let parsed: ReturnType<typeof ClientFrame.safeParse> | null;
      try {
        parsed = text === null ? null : ClientFrame.safeParse(JSON.parse(text));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        this.send({
          type: 'error',
          code: 'bad_request',
          message: 'This frame is not one of ours.',
        });
        return;
      }
      const frame = parsed.data;
      if (frame.type === 'auth') {
        if (!this.credential) await this.signIn({ token: frame.token, kind: 'access' });
        return;
      }
      const view = this.socketView;
      if (!view) return this.refuse('Sign in first.');
      switch (frame.type) {
        case 'ping':
          this.send({ type: 'pong' });
          return;
        case 'typing': {
          const now = Date.now();
          if (now - this.lastTyping < LIVE_TIMINGS.typingEveryMs) return;
          this.lastTyping = now;
          await chat.typing(options.chat(), view.actor, frame.threadId);
          return;
        }
        case 'resume': {
          const missed = await chat.messagesSince(app.database.db, view.userId, frame.since);
          for (const message of missed.messages)
            this.send({ type: 'message.new', threadId: message.threadId, message });
          if (!missed.complete) this.send({ type: 'resync' });
          await hub.sendCounts(view);
          return;
        }
      }
    }

    private closed_() {
      if (this.closed) return;
      this.closed = true;
      if (this.socketView) {
        open.delete(this.socketView);
        hub.remove(this.socketView);
      }
    }
  }

  app.get(
    '/ws',
    {
      websocket: true,
      config: { access: 'public' },
      schema: { hide: true },
      preValidation: async (request, reply) => {
        if (!originAllowed(request, options.publicUrl)) {
          await reply.code(403).send({
            code: 'forbidden',
            message: 'This page may not open a live connection.',
            data: { status: 403, params: {} },
          });
        }
      },
    },
    (socket, request) => {
      new Connection(socket, request);
    },
  );
}
