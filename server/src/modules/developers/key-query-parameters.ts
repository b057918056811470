/**
 * What each query parameter of a keyed read (auth.withApiKey on a GET) tests, reviewed against what that
 * key's answer shows (issue 29, finding 1): a key may search, filter and sort only by fields it can see,
 * or it could test a hidden value one request at a time. key-search.test.ts fails when a keyed read takes
 * a parameter not listed here, so adding one means saying here which visible field it filters on.
 */
export const KEY_QUERY_PARAMETERS: Record<string, Record<string, string>> = {
  'GET /api/chat/rooms': { page: 'paging', limit: 'paging' },
  'GET /api/events': { when: 'event.date', type: 'event.type', page: 'paging', limit: 'paging' },
  'GET /api/members': {
    // The keyed view (members/public-presenter.ts) shows the name but never the e-mail or phone: q matches names only.
    q: 'member.name (publicMemberSearch)',
    role: 'member.role',
    status: 'member.status',
    // name, joinDate, role, status: the record's creation time is not shown, so not sortable (PUBLIC_MEMBER_SORTS).
    sort: 'a shown column',
    order: 'paging',
    page: 'paging',
    limit: 'paging',
  },
  'GET /api/sermons': {
    search: 'sermon.title, speaker, description, series',
    type: 'sermon.videoUrl / audioUrl',
    series: 'sermon.series',
    preacher: 'sermon.speaker',
    page: 'paging',
    limit: 'paging',
  },
};
