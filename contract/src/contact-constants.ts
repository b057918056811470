/** Quick Contact constants (spec 000 §2, §9). No zod here, so the public site can import these without downloading schemas. */

/** Spec 000 §2 Quick Contact: Preferred Contact Method. */
export const CONTACT_METHODS = ['email', 'phone', 'whatsapp'] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const CONTACT_SUCCESS_TEXT = "Message Sent! We'll get back to you soon. God bless!";
/** Spec 000 §9: the contact dialog closes 2 s after success. */
export const CONTACT_AUTO_CLOSE_MS = 2000;
