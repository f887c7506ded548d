import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { setMemberRoles } from '../auth/service';
import { bearer, createTestApp, signedInMember, type TestApp } from '../../../test/app';

/** A multipart body with the `file` part and the `action` field, as the web app sends it. */
function multipart(
  file: Buffer,
  filename: string,
  contentType: string,
  action = 'bp_avatar_upload',
) {
  const boundary = `----attune${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="action"\r\n\r\n${action}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG header that claims a size, with almost no pixel data: enough for a size check. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('avatar upload', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    // A 640×480 JPEG with EXIF, including a GPS position, as a phone would write it.
    photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c62828' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Copyright: 'Private person' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 16/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
  });
  afterAll(() => t.close());

  const member = () => signedInMember(t.app);
  const upload = (id: number, token: string | null, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/social/members/${id}/avatar`,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });

  it('crops square, re-encodes without metadata, and answers the full URL first', async () => {
    const me = await member();
    const answer = await upload(me.id, me.token, multipart(photo, 'me.jpg', 'image/jpeg'));
    expect(answer.statusCode, answer.body).toBe(200);
    const [urls] = answer.json() as { full: string; thumb: string }[];
    expect(urls!.full).toMatch(new RegExp(`^/media/avatars/${me.id}/.+-full\\.webp$`));

    const stored = await t.app.inject(urls!.full);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata).toMatchObject({ width: 300, height: 300, format: 'webp' });
    expect(metadata.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const thumb = await sharp((await t.app.inject(urls!.thumb)).rawPayload).metadata();
    expect(thumb).toMatchObject({ width: 96, height: 96 });

    const row = await t.database.db.execute(sql`select avatar_url from users where id = ${me.id}`);
    expect((row as unknown as { rows: { avatar_url: string }[] }).rows[0]!.avatar_url).toBe(
      urls!.full,
    );
  });

  it('accepts PNG and WebP by their bytes', async () => {
    const me = await member();
    const png = await sharp({
      create: { width: 200, height: 300, channels: 4, background: '#00000000' },
    })
      .png()
      .toBuffer();
    expect(
      (await upload(me.id, me.token, multipart(png, 'a.bin', 'application/octet-stream')))
        .statusCode,
    ).toBe(200);
    const webp = await sharp(png).webp().toBuffer();
    expect(
      (await upload(me.id, me.token, multipart(webp, 'b.webp', 'image/webp'))).statusCode,
    ).toBe(200);
  });

  it.each([
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
    ],
    [
      'an HTML file named .png',
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      415,
    ],
    [
      'a GIF',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      415,
    ],
  ])('refuses %s', async (_name, bytes, status) => {
    const me = await member();
    const answer = await upload(me.id, me.token, multipart(bytes, 'avatar.png', 'image/png'));
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({
      code: 'file_type_not_allowed',
      message: 'Please choose a JPEG, PNG or WebP image.',
    });
  });

  it('refuses a 9 MB file and a 20000×20000 image, changing nothing', async () => {
    const me = await member();
    const big = Buffer.concat([photo, Buffer.alloc(9 * 1024 * 1024)]);
    const tooBig = await upload(me.id, me.token, multipart(big, 'big.jpg', 'image/jpeg'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 'file_too_large',
      data: { status: 413, params: { maxMegabytes: 8 } },
    });
    const huge = await upload(
      me.id,
      me.token,
      multipart(pngClaiming(20_000, 20_000), 'huge.png', 'image/png'),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: 'image_too_large',
      data: { status: 413, params: { maxMegapixels: 40 } },
    });
    const row = await t.database.db.execute(sql`select avatar_url from users where id = ${me.id}`);
    expect(
      (row as unknown as { rows: { avatar_url: string | null }[] }).rows[0]!.avatar_url,
    ).toBeNull();
  });

  it('lets only the member (or an admin) change their image', async () => {
    const me = await member();
    const other = await member();
    expect((await upload(me.id, null, multipart(photo, 'x.jpg', 'image/jpeg'))).statusCode).toBe(
      401,
    );
    const refused = await upload(me.id, other.token, multipart(photo, 'x.jpg', 'image/jpeg'));
    expect(refused.statusCode).toBe(403);
    // Staff roles without manage_users (the users policy) are another member here too.
    for (const role of ['area_manager', 'mentor', 'medel_user'] as const) {
      await setMemberRoles(t.app.auth, other.id, [role]);
      const staff = await upload(me.id, other.token, multipart(photo, 'x.jpg', 'image/jpeg'));
      expect(staff.statusCode, role).toBe(403);
    }
    const admin = await member();
    await setMemberRoles(t.app.auth, admin.id, ['super_admin']);
    expect(
      (await upload(me.id, admin.token, multipart(photo, 'x.jpg', 'image/jpeg'))).statusCode,
    ).toBe(200);
    expect(
      (await upload(999_999, admin.token, multipart(photo, 'x.jpg', 'image/jpeg'))).statusCode,
    ).toBe(404);
  });

  it('needs the action field of the spec', async () => {
    const me = await member();
    const answer = await upload(
      me.id,
      me.token,
      multipart(photo, 'x.jpg', 'image/jpeg', 'something_else'),
    );
    expect(answer.statusCode).toBe(400);
  });

  it('removes the image files when the account is deleted', async () => {
    const me = await member();
    const [urls] = (
      await upload(me.id, me.token, multipart(photo, 'me.jpg', 'image/jpeg'))
    ).json() as { full: string }[];
    expect((await t.app.inject(urls!.full)).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: '/api/delete-user', headers: bearer(me.token) });
    expect((await t.app.inject(urls!.full)).statusCode).toBe(404);
  });
});

describe('images for posts (POST /api/media)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = (token: string | null, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });

  it('re-encodes an image without metadata, fitted within 1600 px, and a post can show it', async () => {
    const member = await signedInMember(t.app);
    const wide = await sharp({
      create: { width: 3200, height: 1200, channels: 3, background: '#2e7d32' },
    })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '47/1 16/1 0/1' } })
      .toBuffer();
    const answer = await send(member.token, multipart(wide, 'garden.jpg', 'image/jpeg', ''));
    expect(answer.statusCode, answer.body).toBe(201);
    const { url, width, height } = answer.json() as { url: string; width: number; height: number };
    expect(url).toMatch(new RegExp(`^/media/posts/${member.id}/[A-Za-z0-9_-]+\\.webp$`));
    expect([width, height]).toEqual([1600, 600]);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();

    const post = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      payload: {
        title: 'Unser Garten',
        language: 'de',
        content: {
          type: 'doc',
          content: [{ type: 'image', attrs: { src: url, alt: 'Ein grüner Garten' } }],
        },
      },
      headers: bearer(member.token),
    });
    expect(post.statusCode).toBe(201);
    expect((post.json() as { content: string }).content).toBe(
      `<p><img src="${url}" alt="Ein grüner Garten" loading="lazy"></p>`,
    );
  });

  it('refuses what is not an image, and visitors', async () => {
    const member = await signedInMember(t.app);
    const text = await send(
      member.token,
      multipart(Buffer.from('hello'), 'x.png', 'image/png', ''),
    );
    expect(text.statusCode).toBe(415);
    expect((text.json() as { code: string }).code).toBe('file_type_not_allowed');
    const huge = await send(
      member.token,
      multipart(pngClaiming(20_000, 20_000), 'x.png', 'image/png', ''),
    );
    expect((huge.json() as { code: string }).code).toBe('image_too_large');
    expect(
      (await send(null, multipart(Buffer.from('x'), 'x.png', 'image/png', ''))).statusCode,
    ).toBe(401);
  });
});
