import { useMutation } from '@tanstack/react-query';
import type { PagePreviewInput, PagePreviewOutput } from '@attune/contract';
import { authed } from '../profile';

/**
 * `POST /api/pages/preview` (staff: `edit_content`): the HTML the content would be saved as, by
 * the server's allow-list; nothing is stored.
 */
export const previewPage = (input: PagePreviewInput) =>
  authed<PagePreviewOutput>('pages/preview', { method: 'POST', body: input });

export const usePreviewPage = () => useMutation({ mutationFn: previewPage });
