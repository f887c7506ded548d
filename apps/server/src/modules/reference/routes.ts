import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Country,
  ErrorOutput,
  Option,
  ProfileFieldInfo,
  ReferenceQuery,
  Region,
  RegionsQuery,
  SpeakingLanguage,
  type Language,
} from '@attune/contract';
import { notFound } from '../../errors';
import { languageFromHeader } from '../../lib/language';
import * as reference from './service';

const languageOf = (request: FastifyRequest) =>
  (request.query as { language?: Language }).language ??
  languageFromHeader(request.headers['accept-language']);

// Reference lists change only with a deployment or a staff edit: let browsers keep them briefly.
const CACHE = 'public, max-age=300';

/** Reference data for profile forms: countries, regions, languages, areas and field options. */
export async function referenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reference'];
  // Reference lists are public: the sign-up and onboarding forms need them.
  const config = { access: 'public' as const };

  app.get(
    '/countries',
    {
      config,
      schema: {
        tags,
        summary: 'Countries, named in the asked language',
        querystring: ReferenceQuery,
        response: { 200: z.array(Country) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return reference.listCountries(languageOf(request));
    },
  );

  app.get(
    '/regions',
    {
      config,
      schema: {
        tags,
        summary: "A country's regions",
        querystring: RegionsQuery,
        response: { 200: z.array(Region), 400: ErrorOutput, 404: ErrorOutput },
      },
    },
    async (request, reply) => {
      const regions = reference.listRegions(request.query.country);
      if (!regions) throw notFound('We do not know this country.');
      reply.header('cache-control', CACHE);
      return regions;
    },
  );

  app.get(
    '/speaking-languages',
    {
      config,
      schema: {
        tags,
        summary: 'Languages a member may say they speak',
        querystring: ReferenceQuery,
        response: { 200: z.array(SpeakingLanguage) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return reference.listSpeakingLanguages(languageOf(request));
    },
  );

  app.get(
    '/areas',
    {
      config,
      schema: {
        tags,
        summary: 'Community areas',
        querystring: ReferenceQuery,
        response: { 200: z.array(Option) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE);
      return reference.listAreas(languageOf(request));
    },
  );

  app.get(
    '/interests',
    {
      config,
      schema: {
        tags,
        summary: 'Interests a member may choose',
        querystring: ReferenceQuery,
        response: { 200: z.array(Option) },
      },
    },
    async (request) => reference.fieldOptions(app.database.db, 'interests', languageOf(request)),
  );

  app.get(
    '/profile-fields',
    {
      config,
      schema: {
        tags,
        summary:
          'Extended profile field group 1 with types, privacy defaults and translated options',
        querystring: ReferenceQuery,
        response: { 200: z.array(ProfileFieldInfo) },
      },
    },
    async (request) =>
      (await reference.listFieldsWithOptions(
        app.database.db,
        languageOf(request),
      )) as ProfileFieldInfo[],
  );
}
