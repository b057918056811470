import { churchSettingsSchema } from '@church/contract/settings';
import type { Db } from '../client';
import { churchSettings } from '../schema/index';

/** The demo church: a believable Pretoria congregation. Validated by the same schema as POST /settings. */
export const DEMO_SETTINGS = churchSettingsSchema.parse({
  churchName: 'Grace Harvest Community Church',
  denomination: 'Non-denominational Evangelical',
  description:
    'A warm, multicultural family of believers in the heart of Hatfield, Pretoria — worshipping in English, isiZulu and Afrikaans, and serving our city together.',
  story: [
    'Grace Harvest began in 2018 as a Bible study of eleven people around Pastor David and Thandiwe Nkosi’s dining-room table in Hatfield. Students, nurses and retired teachers came for the Word and stayed for the family.',
    'Within two years the study had outgrown three living rooms and a school hall. Today we gather in our own building on Burnett Street, with a children’s church, a youth ministry, a soup kitchen in Mamelodi and small groups meeting all over Tshwane.',
    'We are still the same people at heart: ordinary South Africans who believe that the grace of Jesus changes lives, and that a church should be a place where everyone has a seat at the table.',
  ].join('\n\n'),
  founders: [
    {
      name: 'Pastor David Nkosi',
      role: 'Founding and senior pastor',
      bio: 'A former maths teacher from Soshanguve, David studied theology at night while teaching by day, and still teaches the Sunday Bible class.',
    },
    {
      name: 'Thandiwe Nkosi',
      role: "Co-founder, women's and children's ministries",
      bio: "A paediatric nurse at Steve Biko Academic Hospital, Thandiwe opened the couple's home to the first Bible study in 2018.",
    },
  ],
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
  homeStats: [
    { label: 'Members', source: 'members' },
    { label: 'Founded', source: 'founded' },
    { label: 'Upcoming Events', source: 'upcomingEvents' },
    { label: 'Recent Prayers', source: 'recentPrayers' },
  ],
  services: [
    { day: 'sunday', time: '08:00', endTime: '09:15', name: 'Oggenddiens', language: 'Afrikaans', place: 'Chapel' },
    {
      day: 'sunday',
      time: '10:00',
      endTime: '12:00',
      name: 'Sunday Main Service',
      language: 'English and isiZulu',
      place: 'Main Sanctuary',
    },
    { day: 'wednesday', time: '18:00', endTime: '19:30', name: 'Wednesday Bible Study', language: 'English', place: 'Fellowship Hall' },
    { day: 'friday', time: '18:00', endTime: '20:00', name: 'Friday Prayer Meeting', language: 'English', place: 'Prayer Room' },
  ],
  // The three slides of the home page (verses: BSB, public domain), with the stock pictures shipped with the site.
  heroSlides: [
    {
      image: '/images/hero/sunrise',
      title: 'Welcome Home',
      subtitle: 'A church family for every generation',
      description: 'Come as you are. Worship with us this Sunday, find friends in a small group, and discover a place where you belong.',
      verse: '“For where two or three gather together in My name, there am I with them.” — Matthew 18:20',
    },
    {
      image: '/images/hero/savanna',
      title: 'Rooted in the Word',
      subtitle: 'Growing deeper in faith together',
      description:
        'Practical Bible teaching, mid-week studies and prayer meetings that help you follow Jesus in everyday South African life.',
      verse: '“Your word is a lamp to my feet and a light to my path.” — Psalm 119:105',
    },
    {
      image: '/images/hero/dusk',
      title: 'Love in Action',
      subtitle: 'Serving our city with hope',
      description: 'From our soup kitchen in Mamelodi to school-shoe drives, we share the love of Christ with our neighbours in Tshwane.',
      verse: '“Little children, let us love not in word and speech, but in action and truth.” — 1 John 3:18',
      buttonLabel: 'Our ministries',
      buttonLink: '/ministries',
    },
  ],
  terms: [
    '<h2>Using this website and the member portal</h2>',
    '<p>Grace Harvest Community Church offers this website and its member portal to help our church family stay connected. By creating an account you agree to use it kindly and lawfully: no harassment, no impersonation, and nothing posted in chat or on the prayer wall that you would not say in the church foyer.</p>',
    '<h2>Your account</h2>',
    '<p>Keep your password to yourself. Leaders may suspend an account that is misused. You may close your account at any time from your profile, or by writing to <a href="mailto:hello@graceharvest.org.za">hello@graceharvest.org.za</a>.</p>',
    '<h2>Giving</h2>',
    '<p>Gifts are voluntary and go to the fund you choose. Card gifts are processed by PayFast; we never see or store your card number. Section 18A tax certificates are issued for gifts to our registered public benefit organisation.</p>',
    '<h2>Your information</h2>',
    '<p>How we collect and use personal information is set out in our <a href="/privacy">Privacy Notice</a>.</p>',
  ].join(''),
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
