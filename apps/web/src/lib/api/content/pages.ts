import { queryOptions } from '@tanstack/react-query';
import type { PageListOutput } from '@attune/contract';
import { authed } from '../profile';
import { contentKeys } from './content-keys';

/** `GET /api/pages` (staff: `edit_content`): every page in every language, drafts included. */
export const fetchPages = () => authed<PageListOutput>('pages');

export const pagesQueryOptions = () =>
  queryOptions({ queryKey: contentKeys.pages(), queryFn: fetchPages });
