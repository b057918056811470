/**
 * The key that tells a returning visitor: the number's digits. Stand-in until the shared phone
 * module (contract/, issue 31) is on main — then this becomes its E.164 form, so '082 555 1234'
 * and '+27 82 555 1234' are one visitor.
 */
export const phoneKey = (raw: string): string | null => raw.replace(/\D/g, '') || null;
