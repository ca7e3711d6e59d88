import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MEDIA_MAX_BYTES, MEDIA_MSG, mediaVariantWidths, parseMediaPath } from '@kindred/shared/media';
import { UNUSED_IMAGE_GRACE_MS } from '../src/modules/media/media.service.ts';
import {
  bearer,
  createTestContext,
  expectDocumentedErrorShape,
  generousRates,
  newParent,
  type TestContext,
} from './harness.ts';
import { makeAdmin } from './payments-helpers.ts';

/** A photo-like test image: a gradient, so encoders have real detail to keep. */
function gradient(width: number, height: number, channels: 3 | 4 = 3) {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
      if (channels === 4) pixels[i + 3] = x < width / 2 ? 0 : 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

describe('images: upload (admin) and responsive variants', () => {
  let ctx: TestContext;
  let admin: string;
  let parent: string;
  beforeAll(async () => {
    ctx = await createTestContext({ rateRules: generousRates() });
    admin = await makeAdmin(ctx, await newParent(ctx.app));
    parent = (await newParent(ctx.app)).access;
  });
  afterAll(async () => ctx?.close());

  const upload = (body: Buffer | string, type: string, token = admin) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/images/',
      headers: { ...bearer(token), 'content-type': type },
      payload: body,
    });

  it('turns a camera JPEG upright, drops its location and camera data, and keeps at most 1920 px', async () => {
    // 2400×1200 pixels stored sideways (orientation 6: the camera was turned), with GPS and camera EXIF.
    const jpeg = await gradient(2400, 1200)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'TestCam', Model: 'Kindred 1' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 52/1 0/1' },
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // Upright it is 1200×2400; under 1920 wide, so kept at full size.
    expect(body).toMatchObject({ width: 1200, height: 2400 });
    expect(parseMediaPath(body.url)).toEqual({ id: body.id, width: 1200, height: 2400 });

    for (const [file, format] of [
      ['640.avif', 'heif'],
      ['640.webp', 'webp'],
      ['640.jpg', 'jpeg'],
      ['1200.webp', 'webp'],
    ] as const) {
      const variant = await ctx.app.inject({ url: `/media/${body.id}/${file}` });
      expect(variant.statusCode, file).toBe(200);
      expect(variant.headers['cache-control']).toContain('immutable');
      const meta = await sharp(variant.rawPayload).metadata();
      expect(meta.format, file).toBe(format);
      expect(meta.width).toBe(Number(file.split('.')[0]));
      expect(meta.height).toBe(meta.width! * 2);
      expect(meta.exif, `${file} carries no EXIF`).toBeUndefined();
    }
    expect((await ctx.app.inject({ url: `/media/${body.id}/640.avif` })).headers['content-type']).toBe('image/avif');
    // A width that is not kept, and an image that does not exist: 404.
    expect((await ctx.app.inject({ url: `/media/${body.id}/1920.webp` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/media/${'a'.repeat(30)}/320.webp` })).statusCode).toBe(404);
    // The reference path itself serves the largest JPEG (link previews use it).
    const largest = await ctx.app.inject({ url: body.url });
    expect(largest.statusCode).toBe(200);
    expect((await sharp(largest.rawPayload).metadata()).width).toBe(1200);
  });

  it('scales a very wide image to 1920 px and keeps every step of the width ladder', async () => {
    const res = await upload(await gradient(2400, 1000).png().toBuffer(), 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const { id, width, height } = res.json();
    expect({ width, height }).toEqual({ width: 1920, height: 800 });
    expect(mediaVariantWidths(width)).toEqual([320, 640, 960, 1280, 1920]);
    const small = await ctx.app.inject({ url: `/media/${id}/320.jpg` });
    expect((await sharp(small.rawPayload).metadata()).height).toBe(133);
  });

  it('flattens transparency onto white for JPEG and keeps it in WebP', async () => {
    const res = await upload(await gradient(400, 200, 4).png().toBuffer(), 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const webp = await sharp((await ctx.app.inject({ url: `/media/${id}/320.webp` })).rawPayload).metadata();
    expect(webp.hasAlpha).toBe(true);
    const jpeg = sharp((await ctx.app.inject({ url: `/media/${id}/320.jpg` })).rawPayload);
    const { data } = await jpeg.raw().toBuffer({ resolveWithObject: true });
    // The transparent left half became white.
    expect([data[0], data[1], data[2]].every((v) => v! > 240)).toBe(true);
  });

  it('makes each variant once however many readers ask for it at the same moment', async () => {
    const { id } = (await upload(await gradient(1000, 500).jpeg().toBuffer(), 'image/jpeg')).json();
    // Let the background pass finish, then remove what it made, so the readers find nothing stored.
    await ctx.services.media.settled();
    await ctx.db.query('delete from media_variants where image_id = $1', [id]);
    const before = ctx.services.media.encodeCount();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => ctx.app.inject({ url: `/media/${id}/960.avif` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(ctx.services.media.encodeCount() - before).toBe(1);
  });

  it('answers only the one address of each image and variant', async () => {
    const { id, url } = (await upload(await gradient(700, 350).png().toBuffer(), 'image/png')).json();
    expect(url).toBe(`/media/${id}/700x350`);
    for (const other of [
      `/media/${id}/1x1`,
      `/media/${id}/99999x99999`,
      `/media/${id}/0700x350`,
      `/media/${id}/0640.webp`,
      `/media/${id}/0.webp`,
      `/media/${id}/640.gif`,
    ]) {
      expect((await ctx.app.inject({ url: other })).statusCode, other).toBe(404);
    }
    expect((await ctx.app.inject({ url: `/media/${id}/700.webp` })).statusCode).toBe(200);
  });

  it('names the problem when a photo has too many pixels; scales a very tall one instead of refusing it', async () => {
    // 7000×7000 = 49 MP (over 40 MP); a small file, since the pixels are plain.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#0f6e6e' } })
      .png()
      .toBuffer();
    const refused = await upload(huge, 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ image: [MEDIA_MSG.tooManyPixels] });
    const tall = await upload(
      await sharp({ create: { width: 800, height: 20_000, channels: 3, background: '#7f3a6e' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    expect(tall.statusCode, tall.body).toBe(201);
    // Scaled to fit 1920 × 7680 (at most 1:4), keeping its proportions: 800 × 20,000 → 307 × 7680.
    expect(tall.json()).toMatchObject({ width: 307, height: 7680 });
  });

  it('deletes uploads that nothing uses after a day, and keeps those an article or team member refers to', async () => {
    const up = async () =>
      (await upload(await gradient(400, 200).png().toBuffer(), 'image/png')).json() as { id: string; url: string };
    const [cover, inBody, portrait, unused] = [await up(), await up(), await up(), await up()];
    await ctx.services.media.settled();
    const article = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs/',
      headers: bearer(admin),
      payload: {
        title: 'Images kept',
        content: `Text ![a chart](/media/${inBody.id}/400.webp) more.`,
        featured_image: cover.url,
      },
    });
    expect(article.statusCode, article.body).toBe(201);
    const member = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/team/',
      headers: bearer(admin),
      payload: { name: 'Kept Portrait', designation: 'Editor', email: 'kept@kindred.local', image: portrait.url },
    });
    expect(member.statusCode, member.body).toBe(201);
    // A fresh upload is kept even if nothing uses it yet: the editor may still be writing.
    expect(await ctx.services.media.removeUnused()).toBe(0);
    const now = ctx.clock.now();
    ctx.clock.advance(UNUSED_IMAGE_GRACE_MS + 60_000);
    try {
      expect(await ctx.services.media.removeUnused()).toBeGreaterThanOrEqual(1);
    } finally {
      ctx.clock.set(now);
    }
    for (const kept of [cover, inBody, portrait])
      expect((await ctx.app.inject({ url: `/media/${kept.id}/400.webp` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/media/${unused.id}/400.webp` })).statusCode).toBe(404);
    expect(await ctx.db.query('select 1 from media_variants where image_id = $1', [unused.id])).toEqual([]);
  });

  it('refuses an article or team member whose image is gone; keeps an image a day after its last use', async () => {
    const { id, url } = (await upload(await gradient(300, 200).png().toBuffer(), 'image/png')).json();
    const gone = `/media/${'f'.repeat(30)}/300x200`;
    const article = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/blogs/',
        headers: bearer(admin),
        payload: { title: 'Uses an image', content: 'Text.', ...payload },
      });
    for (const [payload, field] of [
      [{ featured_image: gone }, 'featured_image'],
      [{ content: `![x](/media/${'f'.repeat(30)}/300.webp)` }, 'content'],
    ] as const) {
      const res = await article(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ [field]: [MEDIA_MSG.gone] });
    }
    const member = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/team/',
      headers: bearer(admin),
      payload: { name: 'No Portrait', designation: 'Editor', email: 'np@kindred.local', image: gone },
    });
    expect(member.statusCode).toBe(400);
    expect(member.json()).toMatchObject({ image: [MEDIA_MSG.gone] });

    // Uploaded two days ago, used now, then taken off again: still kept for a day after that last use.
    await ctx.db.query(`update media_images set created_at = created_at - interval '2 days' where id = $1`, [id]);
    const start = ctx.clock.now();
    try {
      const saved = await article({ featured_image: url });
      expect(saved.statusCode, saved.body).toBe(201);
      const blogId = saved.json().id;
      const off = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/blogs/${blogId}/`,
        headers: bearer(admin),
        payload: { title: 'Uses an image', content: 'Text.', featured_image: null },
      });
      expect(off.statusCode, off.body).toBe(200);
      ctx.clock.advance(UNUSED_IMAGE_GRACE_MS - 60_000);
      await ctx.services.media.removeUnused();
      expect((await ctx.app.inject({ url: `/media/${id}/300.webp` })).statusCode).toBe(200);
      ctx.clock.advance(120_000);
      await ctx.services.media.removeUnused();
      expect((await ctx.app.inject({ url: `/media/${id}/300.webp` })).statusCode).toBe(404);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('refuses what is not an image it accepts with 400 and the image field, storing nothing', async () => {
    const before = Number((await ctx.db.query<{ n: string }>('select count(*) as n from media_images'))[0]!.n);
    const gif = await gradient(20, 20).gif().toBuffer();
    const cases: [Buffer | string, string, string][] = [
      [Buffer.from('not an image at all'), 'image/jpeg', MEDIA_MSG.unreadable],
      [gif, 'image/gif', MEDIA_MSG.unsupportedType],
      [gif, 'image/png', MEDIA_MSG.unsupportedType],
      [await gradient(20, 20).png().toBuffer(), 'text/plain', MEDIA_MSG.unsupportedType],
      [JSON.stringify({ image: 'x' }), 'application/json', MEDIA_MSG.unsupportedType],
      [(await gradient(40, 40).jpeg().toBuffer()).subarray(0, 200), 'image/jpeg', MEDIA_MSG.unreadable],
      [Buffer.alloc(0), 'image/png', MEDIA_MSG.unreadable],
    ];
    for (const [body, type, message] of cases) {
      const res = await upload(body, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ message, image: [message] });
    }
    const after = Number((await ctx.db.query<{ n: string }>('select count(*) as n from media_images'))[0]!.n);
    expect(after).toBe(before);
  });

  it('refuses an upload over 10 MB with 413 before reading it', async () => {
    const res = await upload(Buffer.alloc(MEDIA_MAX_BYTES + 1, 1), 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', success: false, message: MEDIA_MSG.tooLarge });
  });

  it('lets only admins upload: 403 for a parent, 401 for a visitor', async () => {
    const png = await gradient(20, 20).png().toBuffer();
    const asParent = await upload(png, 'image/png', parent);
    expect(asParent.statusCode).toBe(403);
    expectDocumentedErrorShape(asParent);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/images/',
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
