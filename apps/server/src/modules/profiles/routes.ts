import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmEmailInput,
  ConfirmEmailOutput,
  ErrorOutput,
  NicknameCheckOutput,
  ProfileUpdateInput,
  ProfileUpdateOutput,
} from '@attune/contract';
import { AppError } from '../../errors';
import { confirmEmailChange } from '../auth/service';
import { memberOf } from '../../lib/access-rules';
import { languageFromHeader } from '../../lib/language';
import * as users from '../users/service';
import { nicknameExists, updateProfile } from './service';

const errors = {
  400: ErrorOutput,
  401: ErrorOutput,
  404: ErrorOutput,
  409: ErrorOutput,
  429: ErrorOutput,
};

/** The signed-in member's own profile calls (spec §7 REST API). */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const security = [{ bearer: [] }];

  app.get(
    '/fetch-user',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'The signed-in member, read from the token',
        response: { 200: z.object({ id: z.number().int() }).loose(), ...errors },
      },
    },
    async (request) => {
      const principal = memberOf(request);
      // One query: the row with its connection count and every profile value (users/profiles.ts).
      const own = await users.profileLoader(request, principal.userId).load(principal.userId);
      if (!own) throw new AppError('not_found', 404, 'User ID not found');
      const row = own.user;
      const profile = users.presentProfile(own, principal);
      return {
        ...profile,
        id: row.id,
        // Lets the onboarding skip the consent question on another device.
        healthConsent: row.healthConsentAt
          ? { givenAt: row.healthConsentAt.toISOString(), version: row.healthConsentVersion }
          : null,
      };
    },
  );

  app.put(
    '/update-profile',
    {
      config: { access: { capability: 'edit_own_profile' } },
      schema: {
        tags,
        security,
        summary:
          'Save the profile form (spec §3 payload); a new e-mail address waits for its code (confirm-email)',
        body: ProfileUpdateInput,
        response: { 200: ProfileUpdateOutput, ...errors },
      },
    },
    async (request) => {
      const principal = memberOf(request);
      return updateProfile(
        app.auth,
        app.rateLimits,
        principal,
        request.body,
        languageFromHeader(request.headers['accept-language']),
      );
    },
  );

  app.post(
    '/confirm-email',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Confirm a new e-mail address with the code sent to it by update-profile',
        body: ConfirmEmailInput,
        response: { 200: ConfirmEmailOutput, ...errors },
      },
    },
    async (request) => {
      const principal = memberOf(request);
      await app.rateLimits.consume('email-change-confirm:account', String(principal.userId));
      return confirmEmailChange(app.auth, principal.userId, request.body.code);
    },
  );

  app.get(
    '/users/check/nickname/:nickname',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Whether a display name is taken; the member's own name counts as free",
        params: z.object({ nickname: z.string().trim().min(1).max(50) }),
        response: { 200: NicknameCheckOutput, ...errors },
      },
    },
    async (request) => {
      await app.rateLimits.consume('nickname-check:ip', request.ip);
      const principal = await app.principalOf(request);
      return {
        exists: await nicknameExists(
          app.database.db,
          request.params.nickname,
          principal?.userId ?? null,
        ),
      };
    },
  );
}
