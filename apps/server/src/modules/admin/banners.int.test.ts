import { BANNER_MAX_BYTES } from '@mayur/rules/banner-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { solidPng, webpHeader } from '../../../test/banner-fixtures.ts';
import { adminCall, auditRows, lastAuditId, signedInOperators, type SignedInOperator } from '../../../test/admin-operators.ts';

// The home carousel's banners from the console to the player app (decision 0023, "Banners"): the
// image's type and size read from its bytes, nothing stored for a bad one, the player endpoint's
// schedule and language filter, order, deletion, one audit row per action, and the image served
// under its hash.

let server: TestServer, owner: SignedInOperator, support: SignedInOperator, auditor: SignedInOperator, finance: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer();
  [owner, support, auditor, finance] = await signedInOperators(server, 'owner', 'support', 'auditor', 'finance');
});
afterAll(async () => server.stop());

const base64 = (bytes: Buffer) => bytes.toString('base64');
const bannerCount = async () => Number((await server.ctx.db.query<{ n: bigint }>('select count(*) as n from banners'))[0]!.n);
const showing = async (lang?: string) =>
  (await server.call('/home/banners', lang ? { lang } : {})).body.obj.list.map((banner: { alt: string }) => banner.alt);
const upload = (fields: Record<string, unknown>, token = support.token) =>
  adminCall(
    server,
    '/content/banners/create',
    { imageBase64: base64(solidPng(750, 250)), alt: 'A banner', ...fields },
    { token },
  );

async function clearBanners() {
  await server.ctx.db.query('delete from banners');
}

describe('uploading a banner', () => {
  it('stores a PNG named .jpg as the PNG it is, with its size and hash, and serves it under its hash for good', async () => {
    await clearBanners();
    const png = solidPng(750, 250);
    const since = await lastAuditId(server);
    const reply = await adminCall(
      server,
      '/content/banners/create',
      { fileName: 'diwali.jpg', imageBase64: base64(png), alt: 'Diwali bonus', headline: 'Diwali', link: '/activity' },
      { token: owner.token },
    );
    expect(reply.body).toMatchObject({
      res: 1,
      obj: {
        imageType: 'image/png',
        width: 750,
        height: 250,
        byteLength: png.length,
        position: 1,
        isShowing: true,
        link: '/activity',
      },
    });
    const { imageUrl, imageSha256 } = reply.body.obj;
    expect(imageUrl).toBe(`/banners/${imageSha256}.png`);
    expect(imageSha256).toMatch(/^[0-9a-f]{64}$/);

    const rows = await auditRows(server, since);
    expect(rows.map((row) => [row.action, row.outcome, row.before])).toEqual([['admin/content/banners/create', 'ok', null]]);
    expect(rows[0]!.after).toMatchObject({ imageSha256, alt: 'Diwali bonus' });
    // The audit row keeps the request's fields but not the image itself.
    expect(rows[0]!.details.imageBase64).toBe(`[${base64(png).length} characters of base64]`);
    expect(rows[0]!.details.fileName).toBe('diwali.jpg');

    const image = await server.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    // The same hash under another extension, or an unknown one, is not found.
    expect((await server.app.inject({ method: 'GET', url: `/banners/${imageSha256}.jpg` })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/banners/${'0'.repeat(64)}.png` })).statusCode).toBe(404);
  });

  it('refuses a text file, an SVG, a file over 1 MiB, a wrong shape and a bad link, storing nothing and auditing each refusal', async () => {
    await clearBanners();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="750" height="250"><script>alert(1)</script></svg>');
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        'text claiming PNG',
        { fileName: 'banner.png', imageBase64: base64(Buffer.from('not an image at all, honest')) },
        'BANNER_TYPE_INVALID',
      ],
      ['svg', { fileName: 'banner.svg', imageBase64: base64(svg) }, 'BANNER_TYPE_INVALID'],
      ['not base64', { imageBase64: 'data:image/png;base64,AAAA' }, 'BANNER_TYPE_INVALID'],
      ['over 1 MiB in base64', { imageBase64: base64(webpHeader(750, 250, BANNER_MAX_BYTES + 4096)) }, 'BANNER_TOO_LARGE'],
      ['just over 1 MiB', { imageBase64: base64(webpHeader(750, 250, BANNER_MAX_BYTES + 1)) }, 'BANNER_TOO_LARGE'],
      ['square', { imageBase64: base64(solidPng(250, 250)) }, 'BANNER_SHAPE_INVALID'],
      ['too thin', { imageBase64: base64(solidPng(1000, 200)) }, 'BANNER_SHAPE_INVALID'],
      ['too few pixels high', { imageBase64: base64(solidPng(300, 100)) }, 'BANNER_SHAPE_INVALID'],
      ['javascript link', { link: 'javascript:alert(1)' }, 'BANNER_LINK_INVALID'],
      ['http link', { link: 'http://mayur.example' }, 'BANNER_LINK_INVALID'],
      ['another site by //', { link: '//evil.example/x' }, 'BANNER_LINK_INVALID'],
      ['end before start', { startsTime: '2026-12-02T00:00:00Z', endsTime: '2026-12-01T00:00:00Z' }, 'DATE_RANGE_INVALID'],
    ];
    for (const [name, fields, code] of cases) {
      const since = await lastAuditId(server);
      const reply = await upload(fields);
      expect([name, reply.status, reply.body.res, reply.body.code]).toEqual([name, 200, 0, code]);
      const rows = await auditRows(server, since);
      expect(rows.map((row) => row.outcome.split(' ')[0])).toEqual([`refused:${code}`]);
    }
    expect(await bannerCount()).toBe(0);
  });

  it('refuses a big body before reading it unless an editor sends it', async () => {
    const big = { imageBase64: base64(solidPng(750, 250)) + 'A'.repeat(20_000), alt: 'x' };
    const anonymous = await adminCall(server, '/content/banners/create', big);
    expect([anonymous.status, anonymous.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const byFinance = await adminCall(server, '/content/banners/create', big, { token: finance.token });
    expect([byFinance.status, byFinance.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await bannerCount()).toBe(0);
  });

  it('takes a WebP by its header', async () => {
    await clearBanners();
    const reply = await upload({ imageBase64: base64(webpHeader(900, 300)) });
    expect(reply.body.obj).toMatchObject({ imageType: 'image/webp', width: 900, height: 300 });
    expect(reply.body.obj.imageUrl).toMatch(/\.webp$/);
  });
});

describe('what players see', () => {
  it('shows enabled banners within their dates for the app’s language or every language, in the operators’ order', async () => {
    await clearBanners();
    const now = server.clock.now().getTime();
    const inAnHour = new Date(now + 3_600_000).toISOString();
    const inTwoHours = new Date(now + 7_200_000).toISOString();
    await upload({ alt: 'Everyone' });
    await upload({ alt: 'Hindi only', locale: 'hi' });
    await upload({ alt: 'Later', startsTime: inAnHour });
    await upload({ alt: 'Until two hours', endsTime: inTwoHours });
    const disabled = await upload({ alt: 'Disabled', isEnabled: false });
    expect(disabled.body.obj.isShowing).toBe(false);

    expect(await showing()).toEqual(['Everyone', 'Until two hours']);
    expect(await showing('hi')).toEqual(['Everyone', 'Hindi only', 'Until two hours']);
    expect(await showing('fr')).toEqual(['Everyone', 'Until two hours']);
    const first = (await server.call('/home/banners', {})).body.obj.list[0];
    expect(first).toEqual({
      id: expect.any(String),
      imageUrl: expect.stringMatching(/^\/banners\/[0-9a-f]{64}\.png$/),
      width: 750,
      height: 250,
      link: '',
      alt: 'Everyone',
      headline: '',
    });

    server.clock.advance(3_600_000);
    expect(await showing('fr')).toEqual(['Everyone', 'Later', 'Until two hours']);
    server.clock.advance(3_600_000);
    expect(await showing('fr')).toEqual(['Everyone', 'Later']);

    // Enabled by an edit (texts, link, language too): shows at once, the audit row has both sides.
    const since = await lastAuditId(server);
    const edited = await adminCall(
      server,
      '/content/banners/update',
      { id: disabled.body.obj.id, alt: 'Now on', link: 'https://mayur.example/promo', locale: 'fr', isEnabled: true },
      { token: owner.token },
    );
    expect(edited.body.obj).toMatchObject({
      isEnabled: true,
      isShowing: true,
      locale: 'fr',
      imageSha256: disabled.body.obj.imageSha256,
    });
    expect(await showing('fr')).toEqual(['Everyone', 'Later', 'Now on']);
    expect(await showing('hi')).not.toContain('Now on');
    const rows = await auditRows(server, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'admin/content/banners/update', outcome: 'ok' });
    expect(rows[0]!.before).toMatchObject({ alt: 'Disabled', isEnabled: false });
    expect(rows[0]!.after).toMatchObject({ alt: 'Now on', isEnabled: true });
  });

  it('reorders (refusing a list that is not every banner) and deletes, one audit row each', async () => {
    await clearBanners();
    const ids: string[] = [];
    for (const alt of ['One', 'Two', 'Three']) ids.push((await upload({ alt })).body.obj.id);
    const since = await lastAuditId(server);
    const reordered = await adminCall(
      server,
      '/content/banners/reorder',
      { ids: [ids[2], ids[0], ids[1]] },
      { token: support.token },
    );
    expect(reordered.body.obj.list.map((banner: { alt: string; position: number }) => [banner.position, banner.alt])).toEqual([
      [1, 'Three'],
      [2, 'One'],
      [3, 'Two'],
    ]);
    expect(await showing()).toEqual(['Three', 'One', 'Two']);
    let rows = await auditRows(server, since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'admin/content/banners/reorder',
      before: { order: ids },
      after: { order: [ids[2], ids[0], ids[1]] },
    });

    for (const stale of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1]],
      [...ids, '999999'],
    ]) {
      const refused = await adminCall(server, '/content/banners/reorder', { ids: stale }, { token: support.token });
      expect(refused.body).toMatchObject({ res: 0, code: 'BANNER_ORDER_STALE' });
    }
    expect(await showing()).toEqual(['Three', 'One', 'Two']);

    const image = (await adminCall(server, '/content/banners/list', {}, { token: auditor.token })).body.obj.list[0].imageUrl;
    const beforeDelete = await lastAuditId(server);
    const deleted = await adminCall(server, '/content/banners/delete', { id: ids[2] }, { token: owner.token });
    expect(deleted.body).toMatchObject({ res: 1, obj: null });
    rows = await auditRows(server, beforeDelete);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'admin/content/banners/delete', after: null, before: { id: ids[2], alt: 'Three' } });
    expect(await showing()).toEqual(['One', 'Two']);
    // Every banner there had the same image; another banner still holds it, so it is still served.
    expect((await server.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
    const again = await adminCall(server, '/content/banners/delete', { id: ids[2] }, { token: owner.token });
    expect(again.body).toMatchObject({ res: 0, code: 'BANNER_NOT_FOUND' });
    const unknown = await adminCall(server, '/content/banners/update', { id: ids[2], alt: 'x' }, { token: owner.token });
    expect(unknown.body).toMatchObject({ res: 0, code: 'BANNER_NOT_FOUND' });
  });

  it('a deleted banner’s own image is gone', async () => {
    await clearBanners();
    const made = await upload({ imageBase64: base64(solidPng(600, 200, [1, 2, 3])) });
    expect((await server.app.inject({ method: 'GET', url: made.body.obj.imageUrl })).statusCode).toBe(200);
    await adminCall(server, '/content/banners/delete', { id: made.body.obj.id }, { token: support.token });
    expect((await server.app.inject({ method: 'GET', url: made.body.obj.imageUrl })).statusCode).toBe(404);
  });

  it('lets the auditor read but not change, and finance neither', async () => {
    const read = await adminCall(server, '/content/banners/list', {}, { token: auditor.token });
    expect(read.body.res).toBe(1);
    const byAuditor = await upload({}, auditor.token);
    expect([byAuditor.status, byAuditor.body.code]).toEqual([403, 'FORBIDDEN']);
    const byFinance = await adminCall(server, '/content/banners/list', {}, { token: finance.token });
    expect([byFinance.status, byFinance.body.code]).toEqual([403, 'FORBIDDEN']);
  });
});
