import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donations, memberStatusHistory } from '../../db/schema/index';
import { createTestApp, createUser, json, type TestApp } from '../../../test/test-app';

let t: TestApp;
let pastor: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let superadmin: Awaited<ReturnType<typeof createUser>>;
let elder: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  pastor = await createUser(t, { role: 'pastor', name: 'Pastor Sipho' });
  admin = await createUser(t, { role: 'admin', name: 'Admin Ayanda' });
  superadmin = await createUser(t, { role: 'superadmin', name: 'Super Sam' });
  elder = await createUser(t, { role: 'elder', name: 'Elder Grace' });
  member = await createUser(t, { role: 'member', name: 'Plain Member' });
});
afterAll(() => t.close());

const add = (token: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/members', token, payload });
const base = { name: 'Thandi Mokoena', email: 'thandi@example.org', joinDate: '2024-02-01' };

describe('POST /api/members (Add member, spec 001 §5)', () => {
  it('adds a member with defaults, the spec message, a status history row and an audit entry', async () => {
    const res = await add(pastor.token, { ...base, phone: '+27 82 555 1234', gender: 'female', maritalStatus: 'married', notes: '  ' });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('Member Thandi Mokoena added successfully!');
    expect(body.data.member).toMatchObject({
      name: 'Thandi Mokoena',
      email: 'thandi@example.org',
      phone: '+27825551234',
      role: 'member',
      status: 'active',
      gender: 'female',
      maritalStatus: 'married',
      notes: null,
      joinDate: '2024-02-01',
    });
    const id = body.data.member.id;
    const hist = await t.database.db.select().from(memberStatusHistory).where(eq(memberStatusHistory.memberId, id));
    expect(hist).toMatchObject([{ fromStatus: null, toStatus: 'active', changedByName: 'Pastor Sipho' }]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'member.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorName).toBe('Pastor Sipho');
  });

  it.each([
    [{ email: 'a@b.co', joinDate: '2024-01-01' }, 'Name is required'],
    [{ name: ' ', email: 'a@b.co', joinDate: '2024-01-01' }, 'Name is required'],
    [{ name: 'Ann', email: 'not-an-address', joinDate: '2024-01-01' }, 'Email is invalid'],
    [{ name: 'Ann', email: 'a@b.co', phone: '082 555', joinDate: '2024-01-01' }, 'Phone number is invalid'],
    [{ name: 'Ann', email: 'a@b.co', phone: '082 555 12345', joinDate: '2024-01-01' }, 'Phone number is invalid'],
    [{ name: 'Ann', email: 'a@b.co', phone: '+12345678901234567', joinDate: '2024-01-01' }, 'Phone number is invalid'],
    [{ name: 'Ann', email: 'a@b.co' }, 'Join date is required'],
    [{ name: 'Ann', email: 'a@b.co', joinDate: '2024-01-01', gender: 'x' }, 'Gender must be one of: male, female, other'],
    [{ name: 'Ann', email: 'a@b.co', joinDate: '2024-01-01', status: 'inactive' }, 'Please give a reason for setting this member inactive'],
  ])('refuses %o with its text', async (payload, message) => {
    const res = await add(pastor.token, payload);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(message);
  });

  it('records a person without an e-mail (issue 31): listed, found by name and phone, edited, and a second one too', async () => {
    const child = await add(pastor.token, { name: 'Lwazi Child', email: '', phone: '083 222 1111', joinDate: '2024-03-01' });
    expect(child.statusCode).toBe(201);
    expect(json(child).data.member).toMatchObject({ name: 'Lwazi Child', email: null, phone: '+27832221111' });
    const gran = await add(pastor.token, { name: 'Gogo Elder', joinDate: '2024-03-01' });
    expect(json(gran).data.member.email).toBeNull();
    for (const q of ['Lwazi', '083 222 1111']) {
      const res = await t.request({ method: 'GET', url: `/api/members?q=${encodeURIComponent(q)}`, token: pastor.token });
      expect(json(res).data.members.map((m: { name: string }) => m.name)).toEqual(['Lwazi Child']);
    }
    const id = json(child).data.member.id;
    const edit = await t.request({
      method: 'PUT',
      url: `/api/members/${id}`,
      token: pastor.token,
      payload: { name: 'Lwazi Child', joinDate: '2024-03-01', occupation: 'Learner' },
    });
    expect(edit.statusCode).toBe(200);
    expect(json(edit).data.member).toMatchObject({ email: null, occupation: 'Learner' });
  });

  it('accepts a South African number in every local form and stores it as E.164 (issue 31)', async () => {
    for (const [i, phone] of ['082 555 1234', '0825551234', '+27 82 555 1234'].entries()) {
      const res = await add(pastor.token, { ...base, email: `local${i}@example.org`, phone });
      expect(res.statusCode).toBe(201);
      expect(json(res).data.member.phone).toBe('+27825551234');
    }
  });

  it("answers 409 with a message containing 'email already exists'", async () => {
    const res = await add(pastor.token, { ...base, email: 'THANDI@example.org' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('A member with this email already exists');
  });

  it('refuses callers without members:manage', async () => {
    expect((await add('', base)).statusCode).toBe(401);
    expect((await add(member.token, base)).statusCode).toBe(403);
    expect((await add(elder.token, base)).statusCode).toBe(403);
  });

  it('only an admin grants admin, only a superadmin grants superadmin', async () => {
    const p = await add(pastor.token, { ...base, email: 'x1@example.org', role: 'admin' });
    expect(p.statusCode).toBe(403);
    expect(json(p).message).toBe('You may not grant the role admin');
    expect((await add(admin.token, { ...base, email: 'x2@example.org', role: 'admin' })).statusCode).toBe(201);
    expect((await add(admin.token, { ...base, email: 'x3@example.org', role: 'superadmin' })).statusCode).toBe(403);
    expect((await add(superadmin.token, { ...base, email: 'x4@example.org', role: 'superadmin' })).statusCode).toBe(201);
  });
});

describe('GET /api/members: search, filters, sort, paging', () => {
  beforeAll(async () => {
    await createUser(t, { name: 'Lindiwe Phone', phone: '+27 83 444 9876', status: 'visitor' });
    await createUser(t, { name: 'Zola Local', phone: '083 111 2222', role: 'volunteer' });
  });

  it('finds a member by phone whatever the spacing or prefix (0… vs +27…)', async () => {
    for (const q of ['0834449876', '083 444 9876', '+27834449876', '27 83 444 9876', '444 98']) {
      const res = await t.request({ method: 'GET', url: `/api/members?q=${encodeURIComponent(q)}`, token: pastor.token });
      expect(res.statusCode).toBe(200);
      expect(json(res).data.members.map((m: { name: string }) => m.name)).toEqual(['Lindiwe Phone']);
    }
    const local = await t.request({ method: 'GET', url: `/api/members?q=${encodeURIComponent('+27 83 111 2222')}`, token: pastor.token });
    expect(json(local).data.members.map((m: { name: string }) => m.name)).toEqual(['Zola Local']);
  });

  it('finds a member by e-mail alone: the whole address in any case, or a part of it that is in no name', async () => {
    await createUser(t, { name: 'Nomvula Khumalo', email: 'nk.ledger77@example.org' });
    await createUser(t, { name: 'Ledger Other', email: 'someone.else@example.org' });
    const names = async (url: string) =>
      json(await t.request({ method: 'GET', url, token: pastor.token })).data.members.map((m: { name: string }) => m.name);
    for (const q of ['nk.ledger77@example.org', 'NK.Ledger77@Example.ORG', 'ledger77', 'nk.ledger']) {
      expect(await names(`/api/members?q=${encodeURIComponent(q)}`), q).toEqual(['Nomvula Khumalo']);
      expect(await names(`/api/members/search?q=${encodeURIComponent(q)}`), q).toEqual(['Nomvula Khumalo']);
    }
    // '%' and '_' in an address are letters, not wildcards: 'nk_ledger' must not match 'nk.ledger'.
    expect(await names(`/api/members?q=${encodeURIComponent('nk_ledger77')}`)).toEqual([]);
  });

  it('searches name and e-mail, filters role and status, sorts and pages', async () => {
    const byName = json(await t.request({ method: 'GET', url: '/api/members?q=thandi', token: pastor.token }));
    expect(byName.data.total).toBeGreaterThanOrEqual(1);
    const visitors = json(await t.request({ method: 'GET', url: '/api/members?status=visitor', token: pastor.token }));
    expect(visitors.data.members.every((m: { status: string }) => m.status === 'visitor')).toBe(true);
    const vols = json(await t.request({ method: 'GET', url: '/api/members?role=volunteer', token: pastor.token }));
    expect(vols.data.members.map((m: { name: string }) => m.name)).toContain('Zola Local');
    const desc = json(await t.request({ method: 'GET', url: '/api/members?sort=name&order=desc&limit=2', token: pastor.token }));
    expect(desc.data.members).toHaveLength(2);
    expect(desc.data.members[0].name >= desc.data.members[1].name).toBe(true);
    const p2 = json(await t.request({ method: 'GET', url: '/api/members?sort=name&limit=2&page=2', token: pastor.token }));
    expect(p2.data.page).toBe(2);
    expect((await t.request({ method: 'GET', url: '/api/members?sort=password', token: pastor.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/members/search?q=zola', token: elder.token })).statusCode).toBe(200);
  });
});

describe('member detail, edit, status history, role, household, delete', () => {
  let id: string;
  beforeAll(async () => {
    id = json(await add(pastor.token, { ...base, name: 'Bongani Dube', email: 'bongani@example.org', status: 'visitor' })).data.member.id;
  });

  it('reads the detail with status history; 404 for an unknown id, 400 for a bad one', async () => {
    const res = await t.request({ method: 'GET', url: `/api/members/${id}`, token: elder.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).data.statusHistory).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: `/api/members/${crypto.randomUUID()}`, token: pastor.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/members/nope', token: pastor.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/members/${id}`, token: member.token })).statusCode).toBe(403);
  });

  it('edits, records visitor → active → inactive with who and why, and asks for a reason for inactive', async () => {
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/members/${id}`, token: pastor.token, payload });
    const common = { name: 'Bongani Dube', email: 'bongani@example.org', joinDate: '2024-02-01', occupation: 'Teacher' };
    expect((await put({ ...common, status: 'active' })).statusCode).toBe(200);
    const noReason = await put({ ...common, status: 'inactive' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).message).toBe('Please give a reason for setting this member inactive');
    const ok = await put({ ...common, status: 'inactive', statusReason: 'Moved to Durban' });
    expect(json(ok).message).toBe('Member updated successfully');
    const d = json(await t.request({ method: 'GET', url: `/api/members/${id}`, token: pastor.token })).data;
    expect(d.member.occupation).toBe('Teacher');
    expect(d.statusHistory.map((h: { fromStatus: string | null; toStatus: string }) => [h.fromStatus, h.toStatus])).toEqual([
      ['active', 'inactive'],
      ['visitor', 'active'],
      [null, 'visitor'],
    ]);
    expect(d.statusHistory[0]).toMatchObject({ reason: 'Moved to Durban', changedByName: 'Pastor Sipho' });
    const other = await createUser(t, { email: 'other.person@example.org' });
    const dup = await put({ ...common, email: other.user.email });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toContain('email already exists');
  });

  it('changes the role with the grant rules and records it', async () => {
    const patch = (token: string, role: string, target = id) =>
      t.request({ method: 'PATCH', url: `/api/members/${target}/role`, token, payload: { role } });
    const ok = await patch(pastor.token, 'volunteer');
    expect(ok.statusCode).toBe(200);
    expect(json(ok).data.member.role).toBe('volunteer');
    expect((await patch(pastor.token, 'admin')).statusCode).toBe(403);
    expect((await patch(member.token, 'deacon')).statusCode).toBe(403);
    expect((await patch(pastor.token, 'bishop')).statusCode).toBe(400);
    // A pastor cannot demote an admin; an admin can.
    const anAdmin = await createUser(t, { role: 'admin' });
    const refused = await patch(pastor.token, 'member', anAdmin.user.id);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('Only an administrator can change or remove an administrator');
    expect((await patch(admin.token, 'member', anAdmin.user.id)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'member.role_changed')));
    expect(rows[0]).toMatchObject({ before: { role: 'member' }, after: { role: 'volunteer' } });
  });

  it('links members into a household shown on each detail', async () => {
    const spouse = json(await add(pastor.token, { ...base, name: 'Nomsa Dube', email: 'nomsa@example.org' })).data.member.id;
    const a = await t.request({
      method: 'PUT',
      url: `/api/members/${id}/household`,
      token: pastor.token,
      payload: { newHouseholdName: 'Dube family', householdRole: 'head' },
    });
    expect(a.statusCode).toBe(200);
    const hid = (await t.request({ method: 'GET', url: `/api/members/${id}`, token: pastor.token })).json().data.household.id;
    const b = await t.request({
      method: 'PUT',
      url: `/api/members/${spouse}/household`,
      token: pastor.token,
      payload: { householdId: hid, householdRole: 'spouse' },
    });
    expect(b.statusCode).toBe(200);
    const d = json(await t.request({ method: 'GET', url: `/api/members/${spouse}`, token: pastor.token })).data;
    expect(d.household.name).toBe('Dube family');
    expect(d.household.members.map((m: { name: string; householdRole: string }) => [m.name, m.householdRole])).toEqual([
      ['Bongani Dube', 'head'],
      ['Nomsa Dube', 'spouse'],
    ]);
    const list = json(await t.request({ method: 'GET', url: '/api/households?q=dube', token: pastor.token })).data.households;
    expect(list).toMatchObject([{ name: 'Dube family', memberCount: 2 }]);
    const missing = await t.request({
      method: 'PUT',
      url: `/api/members/${spouse}/household`,
      token: pastor.token,
      payload: { householdId: crypto.randomUUID() },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes with history kept: gifts stay, the audit keeps the record, the status history stays', async () => {
    await t.database.db.insert(donations).values({ userId: id, amountCents: 5000, donorName: 'Bongani Dube' });
    expect((await t.request({ method: 'DELETE', url: `/api/members/${id}`, token: elder.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/members/${pastor.user.id}`, token: pastor.token })).statusCode).toBe(400);
    const res = await t.request({ method: 'DELETE', url: `/api/members/${id}`, token: pastor.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Member deleted successfully');
    expect((await t.request({ method: 'GET', url: `/api/members/${id}`, token: pastor.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/members/${id}`, token: pastor.token })).statusCode).toBe(404);
    const gifts = await t.database.db.select().from(donations).where(eq(donations.donorName, 'Bongani Dube'));
    expect(gifts).toHaveLength(1);
    const hist = await t.database.db.select().from(memberStatusHistory).where(eq(memberStatusHistory.memberId, id));
    expect(hist.length).toBe(3);
    const [del] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'member.deleted')));
    expect(del!.before).toMatchObject({ name: 'Bongani Dube', email: 'bongani@example.org' });
  });
});
