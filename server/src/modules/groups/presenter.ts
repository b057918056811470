import type { GroupDetail, GroupMember, GroupSummary, GroupView } from '@church/contract/groups';
import { can, type Principal } from '@church/contract/roles';
import { isGroupLeaderRole } from '@church/contract/groups';
import type { GroupMemberListRow, GroupSummaryRow } from './repository';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * How the caller stands to the group. The order matters: the church office sees everything, a
 * group's own leader runs it, an overseer reads it from above, a member belongs to it.
 */
export function viewOf(user: Principal, row: Pick<GroupSummaryRow, 'my_role' | 'my_status' | 'oversees'>): GroupView {
  if (can(user, 'groups:manage')) return 'manager';
  if (row.my_status === 'active' && isGroupLeaderRole(row.my_role)) return 'leader';
  if (row.oversees) return 'overseer';
  if (row.my_status === 'active') return 'member';
  if (row.my_status === 'requested') return 'requested';
  return 'outsider';
}

/** Those who run the group: they change it, take attendance and read members' contact details. */
export const runsGroup = (view: GroupView) => view === 'manager' || view === 'leader';
/** Those who may read the street address and who is in the group (names and roles). */
const insideGroup = (view: GroupView) => runsGroup(view) || view === 'overseer' || view === 'member';

export const pictureUrl = (file: string | null) => (file ? `/api/groups/pictures/${file}` : null);

export function presentSummary(row: GroupSummaryRow): GroupSummary {
  const leaders = (typeof row.leaders === 'string' ? JSON.parse(row.leaders) : row.leaders) as { id: string; name: string }[];
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    type: row.type as GroupSummary['type'],
    description: row.description,
    meetingDay: row.meeting_day,
    meetingTime: row.meeting_time,
    frequency: row.frequency as GroupSummary['frequency'],
    meetingPlace: row.meeting_place,
    capacity: row.capacity,
    isOpen: row.is_open,
    showMembers: row.show_members,
    pictureUrl: pictureUrl(row.picture_file),
    memberCount: row.member_count,
    leaders: leaders.map((l) => ({ _id: l.id, id: l.id, name: l.name })),
    network: row.network_id ? { _id: row.network_id, id: row.network_id, name: row.network_name ?? '' } : null,
    myRole: row.my_status === 'active' || row.my_status === 'requested' ? (row.my_role as GroupSummary['myRole']) : null,
    myStatus: row.my_status === 'active' || row.my_status === 'requested' ? row.my_status : null,
  };
}

/**
 * The group page, field by field for the caller: contact details for those who run the group,
 * names for those inside it (and for everyone when an open group chooses to show its members),
 * the street address for those inside it only.
 */
export function presentDetail(
  row: GroupSummaryRow,
  view: GroupView,
  members: GroupMemberListRow[] | null,
  requestCount: number | null,
): GroupDetail {
  const contact = runsGroup(view);
  const showMembers = insideGroup(view) || (row.is_open && row.show_members);
  const summary = presentSummary(row);
  return {
    ...summary,
    // A request is not a role: until accepted the caller is only someone waiting.
    myRole: row.my_status === 'active' ? summary.myRole : null,
    view,
    address: insideGroup(view) ? row.address : null,
    members:
      showMembers && members
        ? members.map((m): GroupMember => ({
            _id: m.id,
            id: m.id,
            name: m.name,
            role: m.role as GroupMember['role'],
            joinedAt: iso(m.joined_at),
            ...(contact ? { phone: m.phone, email: m.email } : {}),
          }))
        : null,
    requestCount: contact ? requestCount : null,
    chatRoomId: insideGroup(view) ? row.chat_room_id : null,
    canEdit: contact,
  };
}
