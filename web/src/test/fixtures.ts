import type { User } from '@church/contract/users';

/** A complete user as the API presents it; override what a test cares about. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    id: 'u1',
    name: 'Naledi Zulu',
    email: 'member@demo.church',
    phone: null,
    address: null,
    role: 'member',
    permissions: [],
    status: 'active',
    isActive: true,
    isVolunteer: false,
    joinDate: '2025-01-01',
    birthday: null,
    dateOfBirth: null,
    baptismDate: null,
    spiritualGifts: [],
    ministryInterests: [],
    gender: null,
    maritalStatus: null,
    occupation: null,
    emergencyContact: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}
