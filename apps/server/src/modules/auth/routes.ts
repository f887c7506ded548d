import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthWpInput,
  ErrorOutput,
  MailSentOutput,
  MessageOutput,
  RecoverPasswordInput,
  RegisterUserInput,
  RegisterUserOutput,
  ResetPasswordInput,
  SendCodeInput,
  ValidateCodeInput,
  ValidateCodeOutput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { languageFromHeader } from '../../lib/language';
import { clearAuthCookies, setAuthCookie } from './plugin';
import * as auth from './service';

const errors = { 400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 429: ErrorOutput };

/** REST calls of sign-up, recovery and sessions (spec §7). Thin: parse, limit, call the service. */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.auth;

  app.post(
    '/send2facode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a sign-up code (notice `mail_delayed` when it could not be sent yet)',
        body: SendCodeInput,
        response: { 200: MailSentOutput, ...errors },
      },
    },
    async (request) => {
      // Before the limits: a staff sign-up with the wrong address uses up none of the attempts
      // the person needs to sign up as a member with it.
      auth.assertRegistrationAllowed(ctx, request.body.email, request.body.type);
      await app.rateLimits.consume('send-code:ip', request.ip);
      await app.rateLimits.consume('send-code:email', request.body.email);
      return auth.sendSignUpCode(
        ctx,
        request.body.email,
        languageFromHeader(request.headers['accept-language']),
      );
    },
  );

  app.post(
    '/validate2facode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Check a sign-up or reset code',
        body: ValidateCodeInput,
        response: { 200: ValidateCodeOutput, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.consume('validate-code:ip', request.ip);
      await app.rateLimits.consume('validate-code:email', request.body.email);
      return auth.validateCode(
        ctx,
        request.body.email,
        request.body.code,
        request.body.is_reset_password,
      );
    },
  );

  app.post(
    '/registeruser',
    {
      config: { access: { publicToken: 'register' } },
      schema: {
        tags: ['auth'],
        summary: 'Create the member (Bearer: register token)',
        body: RegisterUserInput,
        response: { 200: RegisterUserOutput, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.consume('register:ip', request.ip);
      await app.rateLimits.consume('register:email', request.body.email.trim() || '(empty)');
      return auth.registerMember(
        ctx,
        request.body,
        languageFromHeader(request.headers['accept-language']),
      );
    },
  );

  app.post(
    '/recoverpassword',
    {
      config: { access: { publicToken: 'recover' } },
      schema: {
        tags: ['auth'],
        summary: 'Mail a reset code (Bearer: recover token; notice `mail_delayed` as send2facode)',
        body: RecoverPasswordInput,
        response: { 200: MailSentOutput, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.consume('recover:ip', request.ip);
      await app.rateLimits.consume('recover:email', request.body.email);
      return auth.requestPasswordReset(
        ctx,
        request.body.email,
        languageFromHeader(request.headers['accept-language']),
      );
    },
  );

  app.post(
    '/resetpassword',
    {
      config: { access: { publicToken: 'recover' } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a nonce (Bearer: recover token)',
        body: ResetPasswordInput,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.consume('recover:ip', request.ip);
      // Per address as well: attempts spread over many addresses still meet one limit.
      await app.rateLimits.consume(
        'reset:email',
        String(request.body.email ?? '')
          .trim()
          .toLowerCase(),
      );
      return { message: await auth.resetPassword(ctx, request.body) };
    },
  );

  app.post(
    '/authwp',
    {
      config: { access: 'member' },
      schema: {
        tags: ['auth'],
        summary: 'Set the httpOnly session cookie (Bearer: auth token)',
        body: AuthWpInput,
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request, reply) => {
      const principal = memberOf(request);
      const cookie = await auth.sessionCookieFor(ctx, principal, request.body.email);
      setAuthCookie(reply, ctx.config, 'session', cookie.value, cookie.expiresAt);
      return { message: 'Session cookie set.' };
    },
  );

  app.post(
    '/logout',
    {
      // Public: the session may be named by a cookie or an already invalid token.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End the session (Bearer auth token or session cookie); no body needed',
        response: { 200: MessageOutput, ...errors },
      },
    },
    async (request, reply) => {
      // A token that is already invalid still gets a clean logout: the cookies go either way.
      const principal = await app.principalOf(request, { allowCookie: true }).catch(() => null);
      if (principal) await auth.logout(ctx, principal);
      clearAuthCookies(reply, ctx.config);
      return { message: 'You are logged out.' };
    },
  );
}
