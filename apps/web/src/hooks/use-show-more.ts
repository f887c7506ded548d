import { useEffect, useRef, type RefObject } from 'react';

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * "Show more" for a list of links: loads the next page, and the focus stays on the button; when
 * the button goes away with the last page, the focus goes on to the first item that page added
 * instead of falling back to the top of the page.
 */
export function useShowMore(
  query: PagedList,
  list: RefObject<HTMLUListElement | null>,
  shown: number,
): () => void {
  /** How many items were shown when "Show more" was pressed, until its page has come. */
  const shownBefore = useRef<number | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const before = shownBefore.current;
    if (before === null || isFetchingNextPage) return;
    shownBefore.current = null;
    if (!hasNextPage)
      list.current?.querySelectorAll(':scope > li')[before]?.querySelector('a')?.focus();
  }, [shown, hasNextPage, isFetchingNextPage, list]);
  return () => {
    if (isFetchingNextPage) return;
    shownBefore.current = shown;
    void fetchNextPage();
  };
}
