/**
 * The notice shown until the church writes its own (Settings → Privacy). It
 * describes what this software actually stores and the rights POPIA gives.
 */
export const standardNotice = (church: string) =>
  [
    `${church} collects the personal information you give us when you register, update your profile, give, register for events, send prayer requests or chat: your name, contact details and, if you choose, your birthday, address, household and ministry interests.`,
    'We use it to care for our members, to run our services and events, to receipt your gifts (including Section 18A tax certificates) and to send the messages you agreed to receive. We do not sell it or share it with advertisers. Website visits are counted without cookies and without storing your IP address.',
    'You can see and correct your information on your profile, change what you agreed to at any time (e-mail from the church, the member directory, public prayers), download everything we hold about you, and delete your account. When you delete your account, records of your gifts are kept for five years because tax law requires it; everything else is erased or de-identified at once.',
    'Pastoral notes are confidential and seen only by the pastoral team. Ask the Information Officer below if you want to know more or to make a request.',
  ].join('\n\n');
