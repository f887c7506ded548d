import type { Role } from '@attune/contract';
import type { Db } from '../../db/client';
import { hashPassword } from '../auth/service';
import * as users from '../users/service';

/** The demo password of every demo account (documented in README; local mode only). */
export const DEMO_PASSWORD = 'attune-demo-2026';

interface DemoAccount {
  email: string;
  username: string;
  nickname: string;
  firstName: string;
  lastName: string;
  locale: string;
  roles: Role[];
  completedSetup: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@attune.example',
    username: 'admin',
    nickname: 'Alex Admin',
    firstName: 'Alex',
    lastName: 'Admin',
    locale: 'en',
    roles: ['super_admin'],
    completedSetup: true,
  },
  {
    email: 'manager@medel.example',
    username: 'manager',
    nickname: 'Mara Manager',
    firstName: 'Mara',
    lastName: 'Berger',
    locale: 'de',
    roles: ['area_manager'],
    completedSetup: true,
  },
  {
    email: 'mentor@attune.example',
    username: 'mentor',
    nickname: 'Miguel Mentor',
    firstName: 'Miguel',
    lastName: 'Ortega',
    locale: 'es',
    roles: ['mentor'],
    completedSetup: true,
  },
  {
    email: 'staff@medel.example',
    username: 'staff',
    nickname: 'Sophie Staff',
    firstName: 'Sophie',
    lastName: 'Keller',
    locale: 'de',
    roles: ['medel_user'],
    completedSetup: true,
  },
  {
    email: 'member@attune.example',
    username: 'member',
    nickname: 'Maria Member',
    firstName: 'Maria',
    lastName: 'Lopez',
    locale: 'en',
    roles: ['member'],
    completedSetup: true,
  },
  {
    email: 'newcomer@attune.example',
    username: 'newcomer',
    nickname: 'Noah Newcomer',
    firstName: 'Noah',
    lastName: 'Smith',
    locale: 'en',
    roles: ['member'],
    completedSetup: false,
  },
];

/** Seeds the demo accounts once: an account that exists is left as it is (idempotent). */
export async function seedDemoContent(db: Db): Promise<number> {
  let created = 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    const inserted = await db.transaction(async (tx) => {
      if (await users.findUserByEmail(tx, account.email)) return false;
      await users.createMember(tx, {
        ...account,
        passwordHash,
        registrationType: account.roles.includes('member') ? 'regular' : 'medel',
      });
      return true;
    });
    if (inserted) created += 1;
  }
  return created;
}
