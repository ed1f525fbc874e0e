import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCREENSHOT_MAX_BYTES } from '@mayur/rules/complaint-rules';
import { operator, payingPlayer } from '../../../test/payments.ts';
import {
  JPEG_6X4_BASE64,
  PNG_6X4_BASE64,
  PNG_RECEIPT_240X120_BASE64,
  WEBP_6X4_BASE64,
} from '../../../test/screenshot-fixtures.ts';
import { serverForFile } from '../../../test/test-server.ts';

const server = serverForFile();

type Player = { token: string; userId: number };

const MINUTE_MS = 60_000;

async function openOrder(player: Player, amount = '300'): Promise<string> {
  const reply = await server.call('/cash/payNew', { amount, method: 'upi' }, { token: player.token });
  expect(reply.body.res).toBe(1);
  return reply.body.obj.orderNo;
}

function file(player: Player, body: Record<string, unknown>) {
  return server.call(
    '/user/addComplaints',
    { type: 'recharge', text: 'My deposit did not arrive', ...body },
    { token: player.token },
  );
}

/** Files a complaint from JSON text as it arrives, before any parsing (for the body limits). */
function fileText(payload: string, token?: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/user/addComplaints',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    payload,
  });
}

function screenshot(path: string, token?: string) {
  return server.app.inject({ method: 'GET', url: path, headers: token ? { authorization: token } : {} });
}

async function countRows(userId: number) {
  const [row] = await server.ctx.db.query<{ complaints: number; messages: number; attachments: number }>(
    `select (select count(*)::int from complaints where user_id = $1) as complaints,
            (select count(*)::int from complaint_messages m join complaints c on c.id = m.complaint_id where c.user_id = $1) as messages,
            (select count(*)::int from complaint_attachments a join complaints c on c.id = a.complaint_id where c.user_id = $1) as attachments`,
    [userId],
  );
  return row!;
}

describe('filing a complaint', () => {
  it('files a complaint about the player’s own recharge with a screenshot, numbered, open, in the list with its thread', async () => {
    server.clock.advance(MINUTE_MS);
    const player = await payingPlayer(server);
    const orderNo = await openOrder(player);
    const reply = await file(player, {
      referenceKind: 'recharge',
      referenceId: orderNo.toLowerCase(),
      text: '  Paid ₹300 by UPI,\nUTR 4711, nothing arrived  ',
      screenshots: [{ type: 'image/png', data: PNG_RECEIPT_240X120_BASE64 }],
    });
    expect(reply.body).toMatchObject({ res: 1 });
    const complaint = reply.body.obj;
    expect(complaint).toMatchObject({
      type: 'recharge',
      status: 'open',
      reference: { kind: 'recharge', id: orderNo },
      hasUnreadAnswer: false,
      messages: [{ author: 'player', text: 'Paid ₹300 by UPI,\nUTR 4711, nothing arrived' }],
    });
    // Filed at 12:01 UTC on 21 November, which is 17:31 the same day in Kolkata.
    expect(complaint.number).toBe(`C20261121${complaint.id.padStart(6, '0')}`);
    const [attachment] = complaint.messages[0].attachments;
    expect(attachment).toMatchObject({
      type: 'image/png',
      width: 240,
      height: 120,
      sizeBytes: Buffer.from(PNG_RECEIPT_240X120_BASE64, 'base64').length,
    });

    const list = await server.call('/user/findComplaints', {}, { token: player.token });
    expect(list.body.obj).toMatchObject({ total: 1, pageNum: 1, pageSize: 10, unreadCount: 0 });
    expect(list.body.obj.list).toEqual([complaint]);
  });

  it('serves a screenshot to its owner only, with the type read from its bytes and nothing a browser would run', async () => {
    server.clock.advance(MINUTE_MS);
    const owner = await payingPlayer(server);
    const other = await payingPlayer(server);
    const filed = await file(owner, { type: 'game', screenshots: [{ type: 'image/jpeg', data: JPEG_6X4_BASE64 }] });
    const id = filed.body.obj.messages[0].attachments[0].id;
    const path = `/api/complaints/screenshots/${id}`;

    const served = await screenshot(path, owner.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="screenshot-${id}.jpg"`);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(Buffer.from(JPEG_6X4_BASE64, 'base64'))).toBe(true);

    const unknown = await screenshot('/api/complaints/screenshots/999999999', owner.token);
    const othersView = await screenshot(path, other.token);
    expect(othersView.statusCode).toBe(404);
    expect(othersView.json()).toEqual(unknown.json());
    expect(othersView.json()).toMatchObject({ res: 0, code: 'NOT_FOUND' });
    expect((await screenshot(path)).statusCode).toBe(401);
  });

  it('refuses bad input with a clear code and writes nothing, not even the minute', async () => {
    server.clock.advance(MINUTE_MS);
    const player = await payingPlayer(server);
    const jpegBytes = Buffer.from(JPEG_6X4_BASE64, 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64');
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const tooLarge = Buffer.concat([jpegBytes, Buffer.alloc(SCREENSHOT_MAX_BYTES + 1 - jpegBytes.length)]).toString('base64');
    const png = { type: 'image/png', data: PNG_6X4_BASE64 };
    // A PNG of a few bytes whose header claims 8000 × 5000: 160 MB for the browser that decodes it.
    const fortyMegapixels = Buffer.from(PNG_6X4_BASE64, 'base64');
    fortyMegapixels.writeUInt32BE(8000, 16);
    fortyMegapixels.writeUInt32BE(5000, 20);
    const notFound = ['COMPLAINT_REFERENCE_NOT_FOUND', 'This record does not exist'] as const;
    const notAnImage = ['SCREENSHOT_TYPE_INVALID', 'Screenshots must be JPEG, PNG or WebP images'] as const;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ type: 'complaint' }, 'COMPLAINT_TYPE_INVALID', 'Please choose what your message is about'],
      [{ type: undefined }, 'COMPLAINT_TYPE_INVALID', 'Please choose what your message is about'],
      [{ text: '   ' }, 'COMPLAINT_TEXT_REQUIRED', 'Please describe your problem or suggestion'],
      [{ text: 'x'.repeat(1001) }, 'COMPLAINT_TEXT_INVALID', 'The text must be at most 1000 characters'],
      [{ text: 'nul \u0000 byte' }, 'COMPLAINT_TEXT_INVALID', 'The text must be at most 1000 characters'],
      [{ referenceKind: 'recharge' }, ...notFound],
      [{ referenceKind: 'recharge', referenceId: 'R20261121120000000000' }, ...notFound],
      [{ referenceKind: 'crash', referenceId: '1; drop table users' }, ...notFound],
      [{ screenshots: [{ type: 'image/svg+xml', data: svg }] }, ...notAnImage],
      [{ screenshots: [{ type: 'image/png', data: svg }] }, ...notAnImage],
      [{ screenshots: [{ type: 'image/jpeg', data: html }] }, ...notAnImage],
      // The declared type must be the content's: a JPEG sent as a PNG is refused.
      [{ screenshots: [{ type: 'image/png', data: JPEG_6X4_BASE64 }] }, ...notAnImage],
      [{ screenshots: [{ type: 'image/png', data: PNG_6X4_BASE64.slice(0, 80) }] }, ...notAnImage],
      [{ screenshots: [{ type: 'image/jpeg', data: tooLarge }] }, 'SCREENSHOT_TOO_LARGE', 'Each screenshot must be at most 2 MB'],
      [
        { screenshots: [{ type: 'image/png', data: fortyMegapixels.toString('base64') }] },
        'SCREENSHOT_DIMENSIONS_TOO_LARGE',
        'Each screenshot must be at most 16 megapixels and 20,000 pixels on its longest side',
      ],
      [{ screenshots: [png, png, png, png] }, 'SCREENSHOT_LIMIT', 'You can attach at most 3 screenshots'],
      // One bad screenshot among good ones refuses the whole filing.
      [{ screenshots: [png, { type: 'image/webp', data: PNG_6X4_BASE64 }] }, ...notAnImage],
    ];
    for (const [body, code, message] of cases) {
      const reply = await file(player, body);
      expect(reply.status, JSON.stringify(body).slice(0, 120)).toBe(200);
      expect(reply.body, JSON.stringify(body).slice(0, 120)).toMatchObject({ res: 0, code, resMsg: message });
    }
    expect(await countRows(player.userId)).toEqual({ complaints: 0, messages: 0, attachments: 0 });

    const accepted = await file(player, {
      type: 'suggestion',
      screenshots: [png, { type: 'image/webp', data: WEBP_6X4_BASE64 }, { type: 'image/jpeg', data: JPEG_6X4_BASE64 }],
    });
    expect(accepted.body).toMatchObject({ res: 1, obj: { type: 'suggestion', status: 'open' } });
    expect(await countRows(player.userId)).toEqual({ complaints: 1, messages: 1, attachments: 3 });
  });

  it('takes a large body only from a signed-in player, and bounds it', async () => {
    const big = JSON.stringify({ type: 'other', text: 'x', screenshots: [{ type: 'image/png', data: 'A'.repeat(9_000_000) }] });
    const anonymous = await fileText(big);
    expect(anonymous.statusCode).toBe(413);
    expect(anonymous.json()).toMatchObject({ res: 0, code: 'PAYLOAD_TOO_LARGE' });
    const player = await payingPlayer(server);
    const tooBig = await fileText(big, player.token);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ res: 0, code: 'PAYLOAD_TOO_LARGE' });
    // Other endpoints keep the API's 16 KiB limit.
    const reply = await server.call('/user/replyComplaint', { id: '1', text: 'x'.repeat(20_000) }, { token: player.token });
    expect(reply.status).toBe(413);
  });

  it('takes another player’s recharge, withdrawal or bet as a record that does not exist', async () => {
    server.clock.advance(MINUTE_MS);
    const owner = await payingPlayer(server);
    const other = await payingPlayer(server);
    const orderNo = await openOrder(owner);
    const reply = await file(other, { referenceKind: 'recharge', referenceId: orderNo });
    expect(reply.body).toMatchObject({ res: 0, code: 'COMPLAINT_REFERENCE_NOT_FOUND', field: 'referenceId' });
    const records = await server.call('/user/findComplaintRecords', {}, { token: other.token });
    expect(records.body.obj.list).toEqual([]);
    const own = await server.call('/user/findComplaintRecords', {}, { token: owner.token });
    expect(own.body.obj.list).toEqual([
      { kind: 'recharge', id: orderNo, amount: '300.00', status: 'pending', detail: 'upi', createTime: expect.any(String) },
    ]);
  });

  it('allows one new complaint a minute per player, also when the requests race', async () => {
    server.clock.advance(MINUTE_MS);
    const player = await payingPlayer(server);
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => file(player, { text: `race ${i}` })));
    expect(replies.filter((reply) => reply.body.res === 1)).toHaveLength(1);
    for (const reply of replies.filter((each) => each.body.res !== 1))
      expect(reply.body).toMatchObject({ res: 0, code: 'WAIT_ONE_MINUTE', resMsg: 'Please wait one minute' });

    server.clock.advance(MINUTE_MS - 1);
    expect((await file(player, {})).body).toMatchObject({ code: 'WAIT_ONE_MINUTE' });
    // Another player is not held back by this one.
    expect((await file(await payingPlayer(server), {})).body.res).toBe(1);
    server.clock.advance(1);
    expect((await file(player, {})).body.res).toBe(1);
    expect((await countRows(player.userId)).complaints).toBe(2);
  });

  it('answers a retried filing with the complaint it already made', async () => {
    server.clock.advance(MINUTE_MS);
    const player = await payingPlayer(server);
    const first = await file(player, { requestKey: 'complaint-retry-1' });
    const again = await file(player, { requestKey: 'complaint-retry-1' });
    expect(first.body.res).toBe(1);
    expect(again.body).toEqual(first.body);
    expect((await countRows(player.userId)).complaints).toBe(1);
  });
});

describe('the thread', () => {
  it('goes open → answered → open → answered → closed → open, with the badge counting unread answers, audited', async () => {
    server.clock.advance(MINUTE_MS);
    const player = await payingPlayer(server);
    const filed = (await file(player, { type: 'withdrawal', text: 'Where is my withdrawal?' })).body.obj;
    const unread = async () => (await server.call('/user/unreadComplaints', {}, { token: player.token })).body.obj.unreadCount;
    const thread = async () => (await server.call('/user/findComplaint', { id: filed.id }, { token: player.token })).body.obj;

    const answered = await operator(server, 'complaint:reply', {
      complaint: filed.number,
      text: 'It was paid at 14:02, UTR 998877.',
    });
    expect(answered).toMatchObject({ isOk: true });
    expect(answered.lines[0]).toContain(`answered ${filed.number}`);
    expect(await thread()).toMatchObject({ status: 'answered', hasUnreadAnswer: true });
    expect((await thread()).messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['player', 'Where is my withdrawal?'],
      ['operator', 'It was paid at 14:02, UTR 998877.'],
    ]);
    expect(await unread()).toBe(1);
    expect((await server.call('/user/readComplaint', { id: filed.id }, { token: player.token })).body.obj).toEqual({
      unreadCount: 0,
    });
    expect(await unread()).toBe(0);

    server.clock.advance(1000);
    const replied = await server.call(
      '/user/replyComplaint',
      { id: filed.id, text: 'Not in my bank yet' },
      { token: player.token },
    );
    expect(replied.body.obj).toMatchObject({ status: 'open', hasUnreadAnswer: false });
    expect(replied.body.obj.messages).toHaveLength(3);
    expect(replied.body.obj.updateTime).not.toBe(filed.updateTime);

    expect(await operator(server, 'complaint:reply', { complaint: filed.id, text: 'Your bank confirms it.' })).toMatchObject({
      isOk: true,
    });
    const closed = await operator(server, 'complaint:close', { complaint: filed.number, text: 'Closing: paid.' });
    expect(closed).toMatchObject({ isOk: true, lines: [`closed ${filed.number} for player ${player.userId}`] });
    expect(await thread()).toMatchObject({ status: 'closed', hasUnreadAnswer: true });
    expect(await unread()).toBe(1);
    expect(await operator(server, 'complaint:close', { complaint: filed.number })).toMatchObject({
      isOk: false,
      lines: [`refused: ${filed.number} is already closed; nothing changed`],
    });

    const reopened = await server.call(
      '/user/replyComplaint',
      { id: filed.id, text: 'Found it, thanks. One more thing…' },
      { token: player.token },
    );
    expect(reopened.body.obj).toMatchObject({ status: 'open' });
    expect(reopened.body.obj.messages.map((m: { author: string }) => m.author)).toEqual([
      'player',
      'operator',
      'player',
      'operator',
      'operator',
      'player',
    ]);

    const listed = await operator(server, 'complaint:list', { complaint: filed.number });
    expect(listed.isOk).toBe(true);
    expect(listed.lines.join('\n')).toContain('operator test-operator:');
    const queue = await operator(server, 'complaint:list', {});
    expect(queue.lines.join('\n')).toContain(`${filed.number} player ${player.userId} withdrawal open 6 message(s)`);

    const audit = await server.ctx.db.query<{ actor: string; action: string; details: string; outcome: string }>(
      `select actor, action, details::text as details, outcome from admin_audit_log where action like 'complaint:%' and details::text like $1 order by id`,
      [`%${filed.number}%`],
    );
    expect(audit.map((row) => [row.actor, row.action, row.outcome.startsWith('ok') ? 'ok' : 'refused'])).toEqual([
      ['test-operator', 'complaint:reply', 'ok'],
      ['test-operator', 'complaint:close', 'ok'],
      ['test-operator', 'complaint:close', 'refused'],
      ['test-operator', 'complaint:list', 'ok'],
    ]);
    expect(audit[0]!.details).toContain('It was paid at 14:02');
  });

  it('answers another player’s complaint ids exactly as ids that never existed', async () => {
    server.clock.advance(MINUTE_MS);
    const owner = await payingPlayer(server);
    const other = await payingPlayer(server);
    const filed = (await file(owner, {})).body.obj;
    const unknownId = '987654321';
    for (const [path, extra] of [
      ['/user/findComplaint', {}],
      ['/user/replyComplaint', { text: 'let me in' }],
      ['/user/readComplaint', {}],
    ] as const) {
      const others = await server.call(path, { id: filed.id, ...extra }, { token: other.token });
      const unknown = await server.call(path, { id: unknownId, ...extra }, { token: other.token });
      expect(others.body, path).toEqual(unknown.body);
      expect(others.body, path).toMatchObject({ res: 0, code: 'COMPLAINT_NOT_FOUND', resMsg: 'This complaint does not exist' });
    }
    expect((await server.call('/user/findComplaints', {}, { token: other.token })).body.obj).toMatchObject({
      total: 0,
      list: [],
    });
    // Nothing changed on the owner's complaint.
    expect((await server.call('/user/findComplaint', { id: filed.id }, { token: owner.token })).body.obj).toEqual(filed);
  });

  it('hands an operator a screenshot with its recorded type and checksum', async () => {
    server.clock.advance(MINUTE_MS);
    const player = await payingPlayer(server);
    const filed = (await file(player, { screenshots: [{ type: 'image/webp', data: WEBP_6X4_BASE64 }] })).body.obj;
    const id = filed.messages[0].attachments[0].id;
    const bytes = Buffer.from(WEBP_6X4_BASE64, 'base64');
    const shown = await operator(server, 'complaint:screenshot', { screenshot: id });
    expect(shown.isOk).toBe(true);
    expect(shown.lines[0]).toBe(
      `screenshot ${id} of ${filed.number} (player ${player.userId}): image/webp 6×4 ${bytes.length} bytes sha256 ${createHash('sha256').update(bytes).digest('hex')}`,
    );
    expect(Buffer.from(shown.lines.at(-1)!, 'base64').equals(bytes)).toBe(true);
    expect(await operator(server, 'complaint:screenshot', { screenshot: '999999999' })).toMatchObject({ isOk: false });
  });

  it('refuses unknown complaints and empty answers at the CLI', async () => {
    expect(await operator(server, 'complaint:reply', { complaint: 'C20261121999999', text: 'hello' })).toMatchObject({
      isOk: false,
      lines: [expect.stringContaining('COMPLAINT_NOT_FOUND')],
    });
    expect(await operator(server, 'complaint:reply', { complaint: '1' })).toMatchObject({
      isOk: false,
      lines: ['refused: --text is required'],
    });
    expect(await operator(server, 'complaint:list', { status: 'pending' })).toMatchObject({ isOk: false });
  });
});
