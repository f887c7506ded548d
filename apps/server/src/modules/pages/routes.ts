import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorOutput,
  FaqLanguageParams,
  FaqOutput,
  FaqQuery,
  FaqUpdateInput,
  PageDetailOutput,
  PageListOutput,
  PageParams,
  PagePreviewInput,
  PagePreviewOutput,
  PageUpdateInput,
} from '@attune/contract';
import { memberOf } from '../../lib/access-rules';
import { languageFromHeader } from '../../lib/language';
import { assertMay as assertStaff, type StaffPrincipal } from '../../lib/staff-access';
import * as service from './service';

/**
 * Content editing (step 9): the information pages with drafts and revisions, and the FAQ. The
 * routes ask for a signed-in member; the service asks the staff table (`edit_content`: area
 * managers and super admins), so everyone else gets 403. Reading the FAQ is public.
 */
export async function pageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const config = { access: 'member' as const };
  const staffOf = (request: FastifyRequest): StaffPrincipal => memberOf(request);
  /**
   * The staff rule before the input's: someone not allowed is refused before the body or query
   * is checked, so a refusal never tells them what the call expects (issue 41).
   */
  const staffOnly = async (request: FastifyRequest) =>
    assertStaff('edit_content', staffOf(request));
  const denied = { 401: ErrorOutput, 403: ErrorOutput };

  app.get(
    '/pages',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags: ['pages'],
        security,
        summary: 'Every page, for staff who edit content',
        description:
          '`[{ slug, language, title, status, modified }]` of every page in every language, ' +
          'drafts included, by slug then language. Staff operation `edit_content`, else 403.',
        response: { 200: PageListOutput, ...denied },
      },
    },
    async (request) => service.listPages(app.database.db, staffOf(request)),
  );

  app.post(
    '/pages/preview',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags: ['pages'],
        security,
        summary: 'Preview a page’s content as it would be saved',
        description:
          '`{ content }` (HTML) → `{ html }`: the allow-listed HTML exactly as saving would keep ' +
          'it; nothing is stored. 400 `validation_failed` (field `content`) when nothing is left ' +
          'to read. Staff operation `edit_content`.',
        body: PagePreviewInput,
        response: { 200: PagePreviewOutput, 400: ErrorOutput, ...denied },
      },
    },
    async (request) => service.previewPage(app.database.db, staffOf(request), request.body.content),
  );

  app.get(
    '/pages/:slug/:language',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags: ['pages'],
        security,
        summary: 'A page as staff edit it, with its revisions',
        description:
          '`{ slug, language, title, content, status, modified, revisions }`: the content with ' +
          '`{{supportEmail}}` and `{{manufacturer}}` as written, and the newest 50 revisions ' +
          '`{ id, title, status, editor: { id, nickname } | null, createdAt }`, newest first. ' +
          '404 `not_found` for no such page. Staff operation `edit_content`.',
        params: PageParams,
        response: { 200: PageDetailOutput, 400: ErrorOutput, ...denied, 404: ErrorOutput },
      },
    },
    async (request) =>
      service.getPageForEditing(
        app.database.db,
        staffOf(request),
        request.params.slug,
        request.params.language,
      ),
  );

  app.put(
    '/pages/:slug/:language',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags: ['pages'],
        security,
        summary: 'Save a page (a new slug creates it)',
        description:
          '`{ title, content, status }` with `status` `published` (everyone reads it) or ' +
          '`draft` (only staff). The content (HTML) is kept in the allow-listed form posts use: ' +
          'scripts, event attributes and foreign addresses are dropped. The slug is lowercase ' +
          'letters, digits and hyphens. Writes a revision and an audit entry with the page; ' +
          'answers the page as `GET` does. 400 `validation_failed` with the field. Staff ' +
          'operation `edit_content`.',
        params: PageParams,
        body: PageUpdateInput,
        response: { 200: PageDetailOutput, 400: ErrorOutput, ...denied },
      },
    },
    async (request) =>
      service.savePage(app.database.db, staffOf(request), request.params, request.body),
  );

  app.get(
    '/faq',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pages'],
        summary: 'The frequently asked questions of a language',
        description:
          '`{ entries: [{ id, position, question, answer }] }` by position; `answer` is ' +
          'sanitised HTML. `language` defaults to the request’s (Accept-Language). With ' +
          '`search`, only the entries whose question or answer text holds it, accents and case ' +
          'aside (`medecin` finds “Médecin”).',
        querystring: FaqQuery,
        response: { 200: FaqOutput, 400: ErrorOutput },
      },
    },
    async (request) =>
      service.listFaq(
        app.database.db,
        request.query.language ?? languageFromHeader(request.headers['accept-language']),
        request.query.search,
      ),
  );

  app.put(
    '/faq/:language',
    {
      preValidation: staffOnly,
      config,
      schema: {
        tags: ['pages'],
        security,
        summary: 'Replace the FAQ of a language',
        description:
          '`{ entries: [{ question, answer }] }`: the whole list in its new order (1–100 ' +
          'entries; question 1–300 characters, answer 1–5000, HTML kept in the allow-listed ' +
          'form). Replaces the one before in one transaction, with an audit entry; answers the ' +
          'list as `GET` does. 400 `validation_failed` with the field (`entries.2.answer`). ' +
          'Staff operation `edit_content`.',
        params: FaqLanguageParams,
        body: FaqUpdateInput,
        response: { 200: FaqOutput, 400: ErrorOutput, ...denied },
      },
    },
    async (request) =>
      service.replaceFaq(
        app.database.db,
        staffOf(request),
        request.params.language,
        request.body.entries,
      ),
  );
}
