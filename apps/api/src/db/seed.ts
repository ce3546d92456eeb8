import { randomBytes } from 'node:crypto';
import { CATALOGUE } from '@vroum/core/catalogue';
import { passwordHashing, type PasswordHashCost } from '../lib/password-hashing';
import type { Queryable } from './client';

/**
 * Inserts the seeded catalogue; a vehicle whose slug exists is left as the admins edited it (its
 * value is filled in when it has none).
 */
export async function seedCatalogue(db: Queryable): Promise<number> {
  let inserted = 0;
  for (const vehicle of CATALOGUE) {
    const { rowCount } = await db.query(
      `insert into vehicles (slug, name, brand, category, body_type, energy, image_url,
         price_per_day_cents, deposit_cents, description, is_supercar, daily_km_limit, features, specs)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (slug) do nothing`,
      [
        vehicle.slug,
        vehicle.name,
        vehicle.brand,
        vehicle.category,
        vehicle.bodyType,
        vehicle.energy,
        `/images/vehicles/${vehicle.slug}.svg`,
        vehicle.pricePerDayCents,
        vehicle.depositCents,
        vehicle.description,
        vehicle.isSupercar,
        vehicle.dailyKmLimit,
        JSON.stringify(vehicle.features),
        JSON.stringify(vehicle.specs),
      ],
    );
    inserted += rowCount;
    // The value came after the first fleet: recorded once, never over the team's own.
    await db.query('update vehicles set value_cents = $2 where slug = $1 and value_cents is null', [
      vehicle.slug,
      vehicle.valueCents,
    ]);
  }
  return inserted;
}

export interface DemoAccount {
  email: string;
  /** The password, when this start created the account; null when it already existed. */
  password: string | null;
}

interface NewAccount {
  email: string;
  /** The account's name (the user record's). */
  name: string;
  password: string;
  firstName: string;
  lastName: string;
  /** A role of user_roles, or none for a customer. */
  role: 'admin' | 'driver' | null;
  /** The team's profiles are validated; a customer's waits for their identity check. */
  accountStatus: 'pending' | 'validated';
}

const userIdByEmail = async (db: Queryable, email: string) =>
  (await db.query<{ id: string }>('select id from users where lower(email) = lower($1)', [email]))
    .rows[0]?.id;

/** A verified e-mail/password account with its profile, as sign-up and verification leave it. */
async function createAccount(
  db: Queryable,
  account: NewAccount,
  hashCost: PasswordHashCost,
): Promise<void> {
  const {
    rows: [user],
  } = await db.query<{ id: string }>(
    `insert into users (name, email, email_verified) values ($1, $2, true) returning id`,
    [account.name, account.email],
  );
  if (!user) throw new Error(`Could not create the demo account ${account.email}`);
  await db.query(
    `insert into accounts (user_id, account_id, provider_id, password) values ($1, $2, 'credential', $3)`,
    [user.id, user.id, await passwordHashing(hashCost).hash(account.password)],
  );
  await db.query(
    `insert into profiles (user_id, first_name, last_name, email, account_status)
     values ($1, $2, $3, $4, $5)`,
    [user.id, account.firstName, account.lastName, account.email, account.accountStatus],
  );
  if (account.role) {
    await db.query(`insert into user_roles (user_id, role) values ($1, $2)`, [
      user.id,
      account.role,
    ]);
  }
}

/**
 * Creates the demo administrator once: a verified e-mail/password account with the admin role.
 * The password comes from configuration or is generated, and is only known at creation.
 */
export async function seedAdmin(
  db: Queryable,
  admin: { email: string; password: string | undefined },
  hashCost: PasswordHashCost = 'standard',
): Promise<DemoAccount> {
  const existing = await userIdByEmail(db, admin.email);
  if (existing) {
    await db.query(
      `insert into user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`,
      [existing],
    );
    return { email: admin.email, password: null };
  }
  const password = admin.password ?? `Demo-${randomBytes(6).toString('base64url')}`;
  await createAccount(
    db,
    {
      email: admin.email,
      name: 'Administrateur',
      password,
      firstName: 'Équipe',
      lastName: 'Opérations',
      role: 'admin',
      accountStatus: 'validated',
    },
    hashCost,
  );
  return { email: admin.email, password };
}

/** The demo's agent and customer, beside its administrator. */
export const DEMO_AGENT_EMAIL = 'agent@vroum-prestige.fr';
export const DEMO_CUSTOMER_EMAIL = 'client@vroum-prestige.fr';

/**
 * Demo mode only: an agent (the missions on /equipe, once the console assigns them) and a customer
 * who can book at once, created once with the administrator's password. An account that exists
 * (however it was made) is left as it is.
 */
export async function seedDemoTeam(
  db: Queryable,
  password: string,
  hashCost: PasswordHashCost = 'standard',
): Promise<{ agent: DemoAccount; customer: DemoAccount }> {
  const seed = async (account: NewAccount): Promise<DemoAccount> => {
    if (await userIdByEmail(db, account.email)) return { email: account.email, password: null };
    await createAccount(db, account, hashCost);
    return { email: account.email, password };
  };
  return {
    agent: await seed({
      email: DEMO_AGENT_EMAIL,
      name: 'Lucas Martin',
      password,
      firstName: 'Lucas',
      lastName: 'Martin',
      role: 'driver',
      accountStatus: 'validated',
    }),
    customer: await seed({
      email: DEMO_CUSTOMER_EMAIL,
      name: 'Claire Dubois',
      password,
      firstName: 'Claire',
      lastName: 'Dubois',
      role: null,
      accountStatus: 'pending',
    }),
  };
}
