/** Visitor constants (spec 000 §2, §9; spec 002 §9). No zod here, so the public site can import these without downloading schemas. */

/** Spec 000 §2 Quick Registration: how heard. */
export const HOW_HEARD = ['friend', 'social_media', 'website', 'flyer', 'drive_by', 'other'] as const;
export const HOW_HEARD_LABELS: Record<(typeof HOW_HEARD)[number], string> = {
  friend: 'Friend or family',
  social_media: 'Social media',
  website: 'Website',
  flyer: 'Flyer',
  drive_by: 'Drove by',
  other: 'Other',
};
/** Spec 000 §2 Quick Registration: interests (multi-select). */
export const VISITOR_INTERESTS = [
  'Sunday Service',
  'Bible Study',
  'Prayer Meeting',
  'Youth Ministry',
  "Women's Ministry",
  "Men's Ministry",
  'Community Outreach',
  'Volunteer Opportunities',
] as const;
/** Follow-up states a leader moves a visitor through. */
export const VISITOR_STATUSES = ['new', 'contacted', 'returning', 'member', 'inactive'] as const;
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];
/** How the Visitors page names each state: new → contacted → connected (returning) or not interested; member once converted. */
export const VISITOR_STATUS_LABELS: Record<VisitorStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  returning: 'Connected',
  member: 'Member',
  inactive: 'Not interested',
};

export const VISITOR_SUCCESS_TEXT = "Welcome to Our Family! We're excited to have you. Someone will contact you soon.";
/** Spec 000 §9: the registration dialog closes 3 s after success. */
export const VISITOR_AUTO_CLOSE_MS = 3000;
/** Spec 002 §9: recent visitors default 10. */
export const RECENT_VISITORS_DEFAULT = 10;
