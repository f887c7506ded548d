import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, useTestConfig } from '../test/config';
import { useNicknameCheck } from './use-nickname-check';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const checks = () =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.includes('users/check/nickname'));

function setup(initial: string, own = 'Ana') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ name }: { name: string }) => useNicknameCheck(name, own), {
    initialProps: { name: initial },
    wrapper,
  });
}

beforeEach(() => {
  useTestConfig();
  fetchMock = vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ exists: false }));
  vi.stubGlobal('fetch', fetchMock);
});

describe('useNicknameCheck (onboarding and settings)', () => {
  it('says nothing about the member’s own name, in any case, and does not ask', () => {
    expect(setup(' ANA ').result.current).toBe('idle');
    expect(setup('').result.current).toBe('idle');
    expect(checks()).toEqual([]);
  });

  it('says at once when a name is too short or reserved, without asking', () => {
    expect(setup('b').result.current).toBe('too_short');
    expect(setup('Settings').result.current).toBe('reserved');
    expect(setup(' start ').result.current).toBe('reserved');
    expect(setup('member-abcd2345').result.current).toBe('reserved');
    expect(checks()).toEqual([]);
  });

  it('waits ~400 ms after the last key, then asks once and reports a free name', async () => {
    const { result, rerender } = setup('Ana');
    rerender({ name: 'Jo' });
    rerender({ name: 'José' });
    rerender({ name: 'José María' });
    expect(result.current).toBe('checking');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(checks()).toEqual([]);
    await waitFor(() => expect(result.current).toBe('available'), { timeout: 5000 });
    expect(checks()).toEqual([`/api/users/check/nickname/${encodeURIComponent('José María')}`]);
  });

  it('reports a taken name', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ exists: true }));
    const { result } = setup('Carla');
    await waitFor(() => expect(result.current).toBe('taken'), { timeout: 5000 });
  });

  it('reports a failed check as an error', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    const { result } = setup('Dora');
    await waitFor(() => expect(result.current).toBe('error'), { timeout: 5000 });
  });
});
