import type { Db } from '../db/db.ts';
import { findUserByEmail, insertUser } from '../modules/auth/users.service.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { seedDemoClinics } from './demo-clinics.ts';

/** The demo parent shown in the README and the start log. Fictional; exists only with DEMO_DATA=true (default). */
export const DEMO_PARENT = { email: 'parent@kindred.demo', password: 'KindredDemo1!' } as const;

/**
 * The demo editor who manages articles and team members at /admin. Fictional; only with DEMO_DATA=true. The
 * password is never a published one: DEMO_ADMIN_PASSWORD, or generated into DATA_DIR (lib/secrets.ts).
 */
export const DEMO_ADMIN_EMAIL = 'admin@kindred.demo';
/**
 * The demo support agent of the operator console (support role, ADR 022): reads users, donors and the inbox, no
 * money and no health data. Fictional; only with DEMO_DATA=true; the same password as the demo editor.
 */
export const DEMO_SUPPORT_EMAIL = 'support@kindred.local';

/** Creates the demo records that are missing; safe to run at every start. */
export async function seedDemoData(
  db: Db,
  adminPassword: string,
): Promise<{
  parent: { email: string; password: string };
  admin: { email: string; created: boolean };
  support: { email: string; created: boolean };
}> {
  const adminMissing = !(await findUserByEmail(db, DEMO_ADMIN_EMAIL));
  if (adminMissing) {
    await insertUser(
      db,
      {
        email: DEMO_ADMIN_EMAIL,
        password_hash: await hashPassword(adminPassword),
        first_name: 'Morgan',
        last_name: 'Ellis',
        phone_number: '+12025550187',
        date_of_birth: '1984-09-03',
        // Required account fields; an editor's are never used for matching.
        relationship_to_child: 'other',
        highest_education: 'masters',
        race: 'white',
        ethnicity: 'not_hispanic_latino',
        role: 'admin',
        email_verified: true,
      },
      new Date(),
    );
  }
  const supportMissing = !(await findUserByEmail(db, DEMO_SUPPORT_EMAIL));
  if (supportMissing) {
    await insertUser(
      db,
      {
        email: DEMO_SUPPORT_EMAIL,
        password_hash: await hashPassword(adminPassword),
        first_name: 'Sasha',
        last_name: 'Okafor',
        phone_number: '+12025550164',
        date_of_birth: '1991-02-21',
        // Required account fields; staff's are never used for matching.
        relationship_to_child: 'other',
        highest_education: 'college',
        race: 'black_african',
        ethnicity: 'not_hispanic_latino',
        role: 'support',
        email_verified: true,
      },
      new Date(),
    );
  }
  if (!(await findUserByEmail(db, DEMO_PARENT.email))) {
    await insertUser(
      db,
      {
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
        email_verified: true,
      },
      new Date(),
    );
  }
  await seedDemoClinics(db);
  return {
    parent: { ...DEMO_PARENT },
    admin: { email: DEMO_ADMIN_EMAIL, created: adminMissing },
    support: { email: DEMO_SUPPORT_EMAIL, created: supportMissing },
  };
}
