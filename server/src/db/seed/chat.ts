import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_ROOMS } from '@church/contract/chat/rooms';
import type { Db } from '../client';
import { chatMessages, chatReactions, chatRoomMembers, chatRooms, users, type ChatRoomRow } from '../schema/index';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/** [room index, sender e-mail, minutes ago, text] — a few days of an ordinary church's chat. */
const SCRIPT: Array<[number, string, number, string]> = [
  [0, 'pastor@demo.church', 3 * 1440 + 300, 'Welcome to our church chat, family! Please keep it kind and encouraging. 🙏'],
  [0, 'member@demo.church', 3 * 1440 + 290, 'Thank you Pastor David, this is wonderful.'],
  [0, 'volunteer@demo.church', 3 * 1440 + 120, 'Does anyone have a lift from Centurion to the Saturday outreach?'],
  [0, 'deacon@demo.church', 3 * 1440 + 100, 'I can take two people, Lerato. Leaving at 08:15 from the Engen on Lenchen.'],
  [0, 'volunteer@demo.church', 3 * 1440 + 95, 'Perfect, thank you Thabo!'],
  [1, 'elder@demo.church', 2 * 1440 + 600, 'Please pray for my mother, she goes in for a hip operation on Thursday at Unitas Hospital.'],
  [1, 'member@demo.church', 2 * 1440 + 590, 'Praying for her recovery, Grace. The Lord is near.'],
  [1, 'pastor@demo.church', 2 * 1440 + 580, 'We will lift her up in the prayer meeting on Wednesday evening.'],
  [
    2,
    'admin@demo.church',
    2 * 1440 + 400,
    'Reminder: the Family Fun Day is on Saturday from 10:00. Bring a camp chair and a plate to share.',
  ],
  [2, 'pastor@demo.church', 2 * 1440 + 200, 'Sunday service times stay the same: 08:30 and 10:30. Youth meets at 18:00.'],
  [3, 'elder@demo.church', 1440 + 700, "This week we're reading Philippians chapter 4. What stood out for you?"],
  [3, 'member@demo.church', 1440 + 680, 'Verse 6 and 7 — "do not be anxious about anything". Needed that this week.'],
  [3, 'deacon@demo.church', 1440 + 660, 'Verse 13 for me. I often quote it without reading what comes before it.'],
  [3, 'elder@demo.church', 1440 + 650, 'Good point Thabo — Paul is talking about contentment in every circumstance.'],
  [0, 'member@demo.church', 1440 + 300, 'The choir sounded beautiful on Sunday. Well done everyone!'],
  [0, 'volunteer@demo.church', 1440 + 280, 'Thank you Naledi! We practise again Thursday 19:00 if anyone wants to join.'],
  [1, 'volunteer@demo.church', 1440 + 100, 'Prayer for my job interview tomorrow morning at 09:00 please.'],
  [1, 'deacon@demo.church', 1440 + 90, 'Praying you walk in with peace, Lerato.'],
  [2, 'admin@demo.church', 600, 'The building fund has reached R 412,000 of the R 650,000 goal. Thank you for your generosity!'],
  [0, 'deacon@demo.church', 240, 'Who is bringing the urn for the Family Fun Day tea table?'],
  [0, 'admin@demo.church', 230, 'The church urn is in the kitchen cupboard, Thabo. I will leave the key with security.'],
  [1, 'volunteer@demo.church', 90, 'Update: I got the job! Thank you all for praying. 🎉'],
  [1, 'elder@demo.church', 80, 'Praise God! Congratulations Lerato.'],
  [3, 'pastor@demo.church', 45, 'Next week we start Colossians. Read chapter 1 before Tuesday if you can.'],
  [0, 'elder@demo.church', 20, 'Cold week in Pretoria — please check on the older members of your home group.'],
];

/** The four default rooms, every demo account and most members in them, and a few days of messages. */
export async function seedChat(db: Db) {
  const people = await db.select({ id: users.id, email: users.email, role: users.role }).from(users);
  const byEmail = new Map(people.map((p) => [p.email, p.id]));
  const pastor = byEmail.get('pastor@demo.church') ?? null;
  const rooms: ChatRoomRow[] = [];
  for (const [i, def] of DEFAULT_ROOMS.entries()) {
    const [row] = await db
      .insert(chatRooms)
      .values({ ...def, createdBy: pastor, position: i, createdAt: minutesAgo(30 * 1440) })
      .onConflictDoNothing()
      .returning();
    if (row) rooms.push(row);
  }
  if (rooms.length !== DEFAULT_ROOMS.length) return;

  // Everyone is in General Chat and the announcements; about two in three in the others.
  const memberships = people.flatMap((p, i) =>
    rooms
      .filter((_, r) => r === 0 || r === 2 || i % 3 !== 1 || p.email?.endsWith('@demo.church'))
      .map((room) => ({ roomId: room.id, userId: p.id, joinedAt: minutesAgo(20 * 1440) })),
  );
  await db.insert(chatRoomMembers).values(memberships).onConflictDoNothing();

  const inserted = await db
    .insert(chatMessages)
    .values(
      SCRIPT.filter(([, email]) => byEmail.has(email)).map(([room, email, ago, content]) => ({
        roomId: rooms[room]!.id,
        senderId: byEmail.get(email)!,
        content,
        createdAt: minutesAgo(ago),
      })),
    )
    .returning({ id: chatMessages.id, content: chatMessages.content, roomId: chatMessages.roomId, createdAt: chatMessages.createdAt });

  for (const room of rooms) {
    const last = inserted.filter((m) => m.roomId === room.id).at(-1);
    if (last) await db.update(chatRooms).set({ lastMessageAt: last.createdAt }).where(eq(chatRooms.id, room.id));
  }
  // Everyone has read everything except the last few hours: a believable unread badge.
  await db
    .update(chatRoomMembers)
    .set({ lastReadAt: minutesAgo(6 * 60) })
    .where(
      inArray(
        chatRoomMembers.roomId,
        rooms.map((r) => r.id),
      ),
    );

  const praise = inserted.find((m) => m.content.startsWith('Update: I got the job'));
  const welcome = inserted[0];
  const reactions = [
    ...(praise
      ? ['member@demo.church', 'pastor@demo.church', 'deacon@demo.church'].map((e) => ({
          messageId: praise.id,
          userId: byEmail.get(e)!,
          emoji: '🙌',
        }))
      : []),
    ...(welcome
      ? ['member@demo.church', 'elder@demo.church'].map((e) => ({ messageId: welcome.id, userId: byEmail.get(e)!, emoji: '❤️' }))
      : []),
  ].filter((r) => r.userId);
  if (reactions.length) await db.insert(chatReactions).values(reactions).onConflictDoNothing();
}
