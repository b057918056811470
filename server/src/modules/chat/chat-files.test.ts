import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: { token: string };
let member: { token: string };
let outsider: { token: string };
let general: string;
let prayer: string;

/** A multipart body with one file part, as a browser sends it. */
function multipart(filename: string, contentType: string, content: Buffer, caption?: string) {
  const boundary = '----church-test-boundary';
  const parts: Buffer[] = [];
  if (caption) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
  );
  parts.push(content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, { role: 'admin' });
  member = await createUser(t, { role: 'member' });
  outsider = await createUser(t, { role: 'member' });
  const rooms = json(await t.request({ method: 'POST', url: '/api/chat/rooms/initialize', token: admin.token })).data.rooms;
  general = rooms.find((r: { name: string }) => r.name === 'General Chat').id;
  prayer = rooms.find((r: { name: string }) => r.name === 'Prayer Requests').id;
  for (const id of [general, prayer]) await t.request({ method: 'POST', url: `/api/chat/rooms/${id}/join`, token: member.token });
});
afterAll(() => t.close());

describe('chat files', () => {
  it('stores an image checked by content and lets members download it', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      ...multipart('photo.png', 'image/png', PNG, 'Youth camp'),
    });
    expect(res.statusCode).toBe(201);
    const msg = json(res).data.message;
    expect(msg).toMatchObject({
      messageType: 'image',
      content: 'Youth camp',
      file: { name: 'photo.png', size: PNG.length, mimeType: 'image/png' },
    });
    expect(msg.file).not.toHaveProperty('storageKey');
    const dl = await t.request({ method: 'GET', url: msg.file.url, token: member.token });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(PNG)).toBe(true);
    expect((await t.request({ method: 'GET', url: msg.file.url, token: outsider.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: msg.file.url })).statusCode).toBe(401);
  });

  it('believes the bytes, not the name: an executable named .pdf is refused', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      ...multipart('hymns.pdf', 'application/pdf', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0])),
    });
    expect(res.statusCode).toBe(415);
    expect(json(res).message).toBe('File type not allowed');
  });

  it('plain text and pdf are fine whatever the name', async () => {
    const txt = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      ...multipart('notes', 'application/octet-stream', Buffer.from('Sunday notes\nPsalm 121')),
    });
    expect(json(txt).data.message.file.mimeType).toBe('text/plain');
    const pdf = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      ...multipart('order.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n...')),
    });
    expect(json(pdf).data.message.messageType).toBe('file');
  });

  it('over the room limit: the spec text (10MB default, 5MB in the prayer room)', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5_300_000, 0x20)]);
    const res = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${prayer}/files`,
      token: member.token,
      ...multipart('big.pdf', 'application/pdf', big),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('File size must be less than 5MB');
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10_485_760, 0x20)]);
    const res2 = await t.request({
      method: 'POST',
      url: `/api/chat/rooms/${general}/files`,
      token: member.token,
      ...multipart('huge.pdf', 'application/pdf', huge),
    });
    expect(res2.statusCode).toBe(413);
    expect(json(res2).message).toBe('File size must be less than 10MB');
  });

  it('outsiders cannot upload; a request without a file is a 400', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/chat/rooms/${general}/files`,
          token: outsider.token,
          ...multipart('a.png', 'image/png', PNG),
        })
      ).statusCode,
    ).toBe(403);
    const none = await t.request({ method: 'POST', url: `/api/chat/rooms/${general}/files`, token: member.token, payload: {} });
    expect(none.statusCode).toBe(415);
  });
});
