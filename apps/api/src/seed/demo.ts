import type { Db } from '../db/db.ts';
import { findUserByEmail, insertUser } from '../modules/auth/auth.repository.ts';
import { hashPassword } from '../modules/auth/password.ts';

/** The demo parent shown in the README and the start log. Fictional; exists only with DEMO_DATA=true (default). */
export const DEMO_PARENT = { email: 'parent@kindred.demo', password: 'KindredDemo1!' } as const;

/** Creates the demo records that are missing; safe to run at every start. */
export async function seedDemoData(db: Db): Promise<{ email: string; password: string }> {
  if (!(await findUserByEmail(db, DEMO_PARENT.email))) {
    await insertUser(db, {
      email: DEMO_PARENT.email,
      password_hash: await hashPassword(DEMO_PARENT.password),
      first_name: 'Jordan',
      last_name: 'Rivera',
      phone_number: '+12025550143',
      date_of_birth: '1988-04-12',
      relationship_to_child: 'parent',
      highest_education: 'masters',
      race: 'mixed_race',
      ethnicity: 'hispanic_latino',
    }, new Date());
  }
  return { ...DEMO_PARENT };
}
