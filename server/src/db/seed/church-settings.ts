import { churchSettingsSchema } from '@church/contract/settings';
import type { Db } from '../client';
import { churchSettings } from '../schema/index';

/** The demo church: a believable Pretoria congregation. Validated by the same schema as POST /settings. */
export const DEMO_SETTINGS = churchSettingsSchema.parse({
  churchName: 'Grace Harvest Community Church',
  denomination: 'Non-denominational Evangelical',
  missionStatement: 'Loving God, loving people and making disciples in Pretoria and beyond.',
  description:
    'A warm, multicultural family of believers in the heart of Hatfield, Pretoria — worshipping in English, isiZulu and Afrikaans, and serving our city together.',
  story: [
    'Grace Harvest began in 2018 as a Bible study of eleven people around Pastor David and Thandiwe Nkosi’s dining-room table in Hatfield. Students, nurses and retired teachers came for the Word and stayed for the family.',
    'Within two years the study had outgrown three living rooms and a school hall. Today we gather in our own building on Burnett Street, with a children’s church, a youth ministry, a soup kitchen in Mamelodi and small groups meeting all over Tshwane.',
    'We are still the same people at heart: ordinary South Africans who believe that the grace of Jesus changes lives, and that a church should be a place where everyone has a seat at the table.',
  ].join('\n\n'),
  founders: 'Pastor David & Thandiwe Nkosi',
  mission:
    'To love God wholeheartedly, to love our neighbours practically, and to make disciples who carry hope into every corner of Tshwane.',
  vision:
    'A praying, worshipping church family where every generation and culture of our city finds a home, grows in Christ and is sent out to serve.',
  coreValues: [
    { title: 'Worship', description: 'We gather to honour God with our songs, our work and our whole lives.' },
    { title: 'The Word', description: 'Scripture is our foundation; we teach it plainly and live it practically.' },
    { title: 'Prayer', description: 'Nothing of lasting value happens without prayer, so we pray first.' },
    { title: 'Family', description: 'We do life together — young and old, every language and background.' },
    { title: 'Service', description: 'We follow Jesus by serving our neighbours, especially those in need.' },
    { title: 'Generosity', description: 'We give freely of our time, gifts and resources because God gave first.' },
    { title: 'Integrity', description: 'We keep our word, handle money transparently and lead with humility.' },
  ],
  ministries: [
    {
      name: "Children's Church",
      description: 'Bible stories, songs and crafts for ages 3–12 in a safe, vetted environment during the Sunday service.',
      meets: 'Sundays 10:00 AM, Classrooms 1–3',
      leader: 'Palesa Molefe',
    },
    {
      name: 'Ignite Youth',
      description: 'High-school and student ministry: worship, honest conversations, camps and a Friday-night hangout.',
      meets: 'Fridays 6:00 PM, Youth Hall',
      leader: 'Karabo Sithole',
    },
    {
      name: "Women's Ministry",
      description: 'Monthly breakfasts, Bible studies and mentoring for women in every season of life.',
      meets: 'First Saturday, 9:00 AM',
      leader: 'Thandiwe Nkosi',
    },
    {
      name: "Men's Ministry",
      description: 'Early-morning prayer, a monthly braai and accountability groups for men of all ages.',
      meets: 'Second Saturday, 7:00 AM',
      leader: 'Thabo Mahlangu',
    },
    {
      name: 'Worship & Creative Arts',
      description: 'Musicians, singers, sound and media volunteers who serve the Sunday gatherings.',
      meets: 'Thursdays 6:30 PM rehearsal',
      leader: 'Lerato Khumalo',
    },
    {
      name: 'Community Outreach',
      description: 'Our soup kitchen in Mamelodi East, school-shoe drives and visits to Tshwane care homes.',
      meets: 'Saturdays 8:00 AM, Mamelodi East',
      leader: 'Grace van der Merwe',
    },
    {
      name: 'Prayer Team',
      description: 'Intercessors who pray for every request submitted and for our city each week.',
      meets: 'Fridays 6:00 PM, Prayer Room',
      leader: 'Esther Naidoo',
    },
  ],
  email: 'hello@graceharvest.org.za',
  phone: '+27 12 362 4410',
  address: '1187 Burnett Street, Hatfield, Pretoria, 0083',
  website: 'https://graceharvest.org.za',
  pastorName: 'Pastor David Nkosi',
  coordinates: { lat: -25.7487, lng: 28.2381 },
  founded: 2018,
  memberCountOverride: null,
  serviceTimes: {
    sunday: { time: '10:00 AM - 12:00 PM', location: 'Main Sanctuary' },
    wednesday: { time: '6:00 PM - 7:30 PM', location: 'Fellowship Hall' },
    friday: { time: '6:00 PM - 8:00 PM', location: 'Prayer Room' },
    saturday: { time: '', location: '' },
  },
  socialLinks: {
    facebook: 'https://www.facebook.com/graceharvestpta',
    instagram: 'https://www.instagram.com/graceharvestpta',
    youtube: 'https://www.youtube.com/@graceharvestpta',
    x: '',
  },
  timeZone: 'Africa/Johannesburg',
});

export async function seedChurchSettings(db: Db) {
  await db.insert(churchSettings).values({ id: 1, data: DEMO_SETTINGS }).onConflictDoNothing();
}
