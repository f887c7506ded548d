import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkNickname } from '../../../lib/profile-api';
import { useNicknameCheck } from './use-nickname-check';

vi.mock('../../../lib/profile-api', () => ({ checkNickname: vi.fn() }));
const check = vi.mocked(checkNickname);

function setup(initial: string, own = 'ana') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ name }: { name: string }) => useNicknameCheck(name, own), {
    initialProps: { name: initial },
    wrapper,
  });
}

afterEach(() => check.mockClear());

describe('useNicknameCheck', () => {
  it('counts the member’s own name as available without asking the server', () => {
    const { result } = setup(' ANA ');
    expect(result.current).toBe('available');
    expect(check).not.toHaveBeenCalled();
  });

  it('says nothing for an empty or one-letter name', () => {
    expect(setup('').result.current).toBe('idle');
    expect(setup('b').result.current).toBe('idle');
    expect(check).not.toHaveBeenCalled();
  });

  it('waits ~400 ms after the last key, then reports a free name', async () => {
    check.mockResolvedValue(false);
    const { result, rerender } = setup('ana');
    rerender({ name: 'be' });
    rerender({ name: 'ber' });
    rerender({ name: 'bert' });
    expect(result.current).toBe('checking');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(check).not.toHaveBeenCalled();
    await waitFor(() => expect(result.current).toBe('available'), { timeout: 2000 });
    expect(check).toHaveBeenCalledTimes(1);
    expect(check).toHaveBeenCalledWith('bert', expect.any(AbortSignal));
  });

  it('reports a taken name', async () => {
    check.mockResolvedValue(true);
    const { result } = setup('carla');
    await waitFor(() => expect(result.current).toBe('taken'), { timeout: 2000 });
  });

  it('reports a failed check as an error', async () => {
    check.mockRejectedValue(new Error('rate limited'));
    const { result } = setup('dora');
    await waitFor(() => expect(result.current).toBe('error'), { timeout: 2000 });
  });
});
