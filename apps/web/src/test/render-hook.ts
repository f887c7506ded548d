import type { ComponentType, ReactNode } from 'react';
import {
  renderHook as renderPreactHook,
  type RenderHookOptions,
  type RenderHookResult,
} from '@testing-library/preact';

/**
 * Testing Library's `renderHook`, typed for our components: they are written against React's
 * types, while @testing-library/preact declares Preact's (the same components at run time,
 * decision 0017).
 */
export function renderHook<Result, Props>(
  callback: (props: Props) => Result,
  options: { initialProps?: Props; wrapper?: ComponentType<{ children: ReactNode }> } = {},
): RenderHookResult<Result, Props> {
  return renderPreactHook(callback, options as RenderHookOptions<Props>);
}
