import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { redactError } from './db/errors';
import type { QueryLimits } from './graphql/cost-limit';
import { graphqlPlugin } from './graphql/plugin';
import { authPlugin } from './modules/auth/plugin';
import { authRoutes } from './modules/auth/routes';
import { createTokenSigner } from './modules/auth/tokens';
import { connectionRoutes } from './modules/connections/routes';
import { shareAGroup } from './modules/groups/service';
import { healthRoutes } from './modules/health/routes';
import { devMailRoutes } from './modules/mail/routes';
import { devOutboxTransport, smtpTransport, startMailWorker } from './modules/mail/service';
import { FLAGS_DIR } from './modules/reference/service';
import { AVATAR_RULES } from './modules/media/service';
import { memberRoutes } from './modules/members/routes';
import { postRoutes } from './modules/posts/routes';
import { groupRoutes } from './modules/groups/routes';
import { commentRoutes } from './modules/comments/routes';
import { publicConfigRoutes } from './modules/public-config/routes';
import { avatarRoutes, mediaRoutes } from './modules/media/routes';
import { notificationPreferenceRoutes } from './modules/notification-preferences/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { profileRoutes } from './modules/profiles/routes';
import { accountDataRoutes } from './modules/account-data/routes';
import { referenceRoutes } from './modules/reference/routes';
import { publicProfileRoutes } from './modules/member-pages/routes';
import { userRoutes } from './modules/users/routes';
import { WEB_DIST_DIR } from './paths';
import { prepareDatabase } from './startup';
import { accessPlugin, declareAccess } from './plugins/app/access';
import { databasePlugin } from './plugins/app/database';
import { memberChangesPlugin } from './modules/users/member-changes';
import { memberRelationsPlugin } from './modules/connections/plugin';
import { listenToDomainEvents } from './modules/notifications/listener';
import { listenToStaffEvents } from './modules/staff/listener';
import { postCardsPlugin } from './modules/posts/cards';
import { chatRoutes, liveCounts } from './modules/chat/routes';
import { startJobs } from './modules/jobs/runner';
import { supportRoutes } from './modules/support/routes';
import { pageRoutes } from './modules/pages/routes';
import { translationRoutes } from './modules/translations/routes';
import { staffRoutes } from './modules/staff/routes';
import { LiveHub } from './modules/live/service';
import { liveRoutes } from './modules/live/routes';
import { notificationsByIds } from './modules/notifications/list';
import { errorHandlerPlugin } from './plugins/app/error-handler';
import { inputGuardPlugin } from './plugins/app/input-guard';
import { metricsPlugin } from './plugins/app/metrics';
import { pubsubPlugin } from './plugins/app/pubsub';
import { rateLimitsPlugin } from './plugins/app/rate-limits';
import { staticWebPlugin } from './plugins/external/static-web';
import { securityHeadersPlugin } from './plugins/external/security-headers';

const isZodRouteSchema = (schema: Record<string, unknown> | undefined) =>
  !!schema &&
  ['body', 'querystring', 'params', 'headers', 'response'].some((key) => {
    const part = schema[key] as Record<string, unknown> | undefined;
    if (!part) return false;
    return (
      '_zod' in part ||
      Object.values(part).some(
        (value) => typeof value === 'object' && value !== null && '_zod' in value,
      )
    );
  });

export interface BuildAppOptions {
  /** An already opened database (tests); otherwise one is opened from the config and closed on shutdown. */
  database?: Database;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | object;
  /** Prefix of the rate-limit keys (tests use a fresh one so runs never share counters). */
  rateLimitPrefix?: string;
  /** Overrides of the GraphQL query limits (tests of the time budget). */
  graphqlLimits?: Partial<QueryLimits>;
  /** Scales the progressive login delays (tests use a small one; decision 0021). */
  rateLimitDelayScale?: number;
}

/**
 * Pino options: every logged error goes through `redactError`, the one place that keeps query
 * parameters and row values out of the log.
 */
function loggerOptions(config: AppConfig, logger: BuildAppOptions['logger']) {
  if (logger === false) return false;
  const base = typeof logger === 'object' ? logger : { level: config.logLevel };
  return {
    ...base,
    serializers: {
      ...('serializers' in base ? (base.serializers as object) : {}),
      err: redactError,
    },
  };
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Addresses and ranges go as they are; a hop count becomes
 * a function trusting the nearest N peers (Fastify itself refuses a bare number, since it cannot
 * check the peer: a hop count is only safe when nothing reaches the server except through them).
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Builds the whole server without listening: plugins, then app plugins, then routes. */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // What follows from each domain event (notices, mails; staff invitations): once per process.
  listenToDomainEvents();
  listenToStaffEvents();
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    // Only a configured proxy may name the client's address (TRUST_PROXY, decision 0022).
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });

  const mediaDir = join(config.dataDir, 'media');
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pool: config.databasePool,
    }));
  await prepareDatabase(
    database,
    { migrate: !options.database, seedDemo: config.seedDemo && !options.database },
    app.log,
  );

  // While shutting down, answers tell keep-alive clients to go, so in-flight requests finish and
  // their connections close instead of holding the process open until the grace period ends.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // Deny by default (decision 0028): registered before anything that adds routes, so it sees them
  // all; a route without `config.access` is refused.
  await app.register(accessPlugin, {
    registerToken: config.registerToken,
    recoverToken: config.recoverToken,
    metricsToken: config.metricsToken,
    localMode: config.localMode,
  });

  // Third-party plugins first.
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_RULES.maxBytes, files: 1, fields: 5 },
  });
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...(config.consent ? [new URL(config.consent.scriptUrl).origin] : []),
        ],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.localMode ? null : [],
      },
    },
    hsts: !config.localMode,
    crossOriginEmbedderPolicy: false,
  });
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Attune API',
          version: '1.0.0',
          description: 'REST API of Attune. See docs/API.md.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      // Only routes with zod schemas are documented; mercurius and static routes bring their own JSON schemas.
      transform: (input) =>
        isZodRouteSchema(input.schema as Record<string, unknown>)
          ? jsonSchemaTransform(input)
          : { schema: { ...input.schema, hide: true }, url: input.url },
    });
    // The API documentation is public when it is on at all (API_DOCS).
    await app.register(async (docs) => {
      declareAccess(docs, 'public');
      await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
    });
  }

  // Our app plugins.
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(metricsPlugin, { database });
  await app.register(databasePlugin, { database, closeOnShutdown: !options.database });
  await app.register(memberChangesPlugin);
  await app.register(memberRelationsPlugin);
  await app.register(postCardsPlugin);
  await app.register(rateLimitsPlugin, {
    redisUrl: config.redisUrl,
    ipMultiplier: config.rateLimitIpMultiplier,
    prefix: options.rateLimitPrefix ?? `${config.redisKeyPrefix}:rl`,
    delayScale: options.rateLimitDelayScale,
  });
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : devOutboxTransport(app.log);
  const mail = startMailWorker(database.db, transport, app.log);
  // Stop the worker before the database closes (onClose hooks run in reverse order of registration).
  app.addHook('onClose', () => mail.stop());
  app.decorate('mail', mail);
  // Background jobs: the weekly digest and cleaning (decision 0046); stopped before the database.
  if (config.jobs) {
    const jobs = await startJobs({
      database,
      databaseUrl: config.databaseUrl,
      publicUrl: config.publicUrl,
      log: app.log,
    });
    app.addHook('onClose', () => jobs.stop());
    app.decorate('jobs', jobs);
  }
  app.decorate('mediaDir', mediaDir);
  await app.register(pubsubPlugin, {
    redisUrl: config.redisUrl,
    prefix: `${config.redisKeyPrefix}:ps`,
  });
  await app.register(authPlugin, {
    database,
    config,
    tokens: createTokenSigner(config.authSecret),
    mail,
    log: app.log,
  });

  // Live events (step 8): the hub every domain publishes through, delivered on /ws.
  const live = new LiveHub({
    pubsub: app.pubsub,
    countsOf: (userId) => liveCounts(app, userId),
    notificationsOf: (actor, ids) => notificationsByIds(database.db, actor, ids),
    log: app.log,
  });
  app.decorate('live', live);

  // Routes.
  // Routes with zod schemas live in one encapsulated context, since mercurius brings JSON schemas of its own.
  await app.register(async (zodRoutes) => {
    zodRoutes.setValidatorCompiler(validatorCompiler);
    zodRoutes.setSerializerCompiler(serializerCompiler);
    await zodRoutes.register(healthRoutes);
    await zodRoutes.register(publicConfigRoutes, { config });
    await zodRoutes.register(authRoutes, { prefix: '/api' });
    await zodRoutes.register(userRoutes, { prefix: '/api' });
    await zodRoutes.register(publicProfileRoutes, { prefix: '/api' });
    await zodRoutes.register(referenceRoutes, { prefix: '/api' });
    await zodRoutes.register(profileRoutes, { prefix: '/api' });
    await zodRoutes.register(accountDataRoutes, { prefix: '/api' });
    await zodRoutes.register(notificationPreferenceRoutes, { prefix: '/api' });
    await zodRoutes.register(notificationRoutes, { prefix: '/api', live });
    await zodRoutes.register(supportRoutes, { prefix: '/api', supportEmail: config.supportEmail });
    await zodRoutes.register(pageRoutes, { prefix: '/api' });
    await zodRoutes.register(translationRoutes, { prefix: '/api' });
    await zodRoutes.register(staffRoutes, { prefix: '/api', publicUrl: config.publicUrl });
    await zodRoutes.register(chatRoutes, { prefix: '/api', publicUrl: config.publicUrl, live });
    await zodRoutes.register(memberRoutes, { prefix: '/api' });
    await zodRoutes.register(postRoutes, { prefix: '/api', publicUrl: config.publicUrl });
    await zodRoutes.register(groupRoutes, { prefix: '/api', publicUrl: config.publicUrl });
    await zodRoutes.register(commentRoutes, { prefix: '/api', publicUrl: config.publicUrl });
    await zodRoutes.register(avatarRoutes, { prefix: '/api/social', mediaDir });
    await zodRoutes.register(mediaRoutes, { prefix: '/api', mediaDir });
    await zodRoutes.register(connectionRoutes, {
      prefix: '/api',
      publicUrl: config.publicUrl,
      sharesGroup: shareAGroup,
    });
  });
  await app.register(liveRoutes, {
    hub: live,
    publicUrl: config.publicUrl,
    chat: () => ({
      db: database.db,
      rateLimits: app.rateLimits,
      live,
      publicUrl: config.publicUrl,
    }),
  });
  await app.register(graphqlPlugin, {
    introspection: config.graphqlIntrospection,
    limits: options.graphqlLimits,
  });
  if (config.localMode) await app.register(devMailRoutes);
  // Flags, avatars and post images are public files (avatars are shown wherever a member is; a
  // post image's name cannot be guessed).
  await app.register(async (media) => {
    declareAccess(media, 'public');
    await registerMediaFiles(media, mediaDir);
  });
  await app.register(staticWebPlugin, { root: config.webDistDir ?? WEB_DIST_DIR });

  return app;
}

/** The flag images, the avatars and the posts' images under /media. */
async function registerMediaFiles(app: FastifyInstance, mediaDir: string) {
  await app.register(fastifyStatic, {
    root: FLAGS_DIR,
    prefix: '/media/flags/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=604800');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  // Images in posts: unguessable names, each re-encoded on upload (modules/media).
  mkdirSync(join(mediaDir, 'posts'), { recursive: true });
  await app.register(fastifyStatic, {
    root: join(mediaDir, 'posts'),
    prefix: '/media/posts/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  mkdirSync(join(mediaDir, 'avatars'), { recursive: true });
  await app.register(fastifyStatic, {
    root: join(mediaDir, 'avatars'),
    prefix: '/media/avatars/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      // File names change with each upload, so a long cache is safe.
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: import('./modules/mail/service').MailWorker;
    /** The background job runner, when JOBS is on (modules/jobs). */
    jobs?: import('./modules/jobs/runner').Jobs;
    /** Live events to members' open sockets, on every instance (modules/live). */
    live: import('./modules/live/hub').LiveHub;
    /** DATA_DIR/media: avatars and, later, other uploads. */
    mediaDir: string;
  }
}
