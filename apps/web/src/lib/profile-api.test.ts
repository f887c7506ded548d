import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, useTestConfig } from '../test/config';
import { fieldValue, uploadAvatar } from './api/profile';

describe('profile api', () => {
  beforeEach(() => useTestConfig());
  afterEach(() => vi.unstubAllGlobals());

  it('looks extended fields up by name, ignoring case', () => {
    const fields = [
      { databaseId: 1, name: 'Left ear', value: { raw: 'hearing-aid' }, visibility: null },
    ];
    expect(fieldValue(fields, 'left ear')).toBe('hearing-aid');
    expect(fieldValue(fields, 'LEFT EAR')).toBe('hearing-aid');
    expect(fieldValue(fields, 'right ear')).toBe('');
  });

  it('uploads the avatar as multipart with the bp_avatar_upload action and reads the first element', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse([{ full: '/media/avatars/7/x-full.webp', thumb: '/t.webp' }]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const url = await uploadAvatar(7, new Blob(['img'], { type: 'image/png' }), 'me.png');
    expect(url).toBe('/media/avatars/7/x-full.webp');
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/social/members/7/avatar');
    const form = init.body as FormData;
    expect(form.get('action')).toBe('bp_avatar_upload');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });

  it('turns a refused upload into the server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            code: 'file_type_not_allowed',
            message: 'Please choose a JPEG, PNG or WebP image.',
            data: { status: 415 },
          },
          415,
        ),
      ),
    );
    await expect(uploadAvatar(7, new Blob(['x']))).rejects.toMatchObject({
      code: 'file_type_not_allowed',
      status: 415,
    });
  });
});
