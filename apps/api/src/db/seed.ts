import { randomBytes } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { CATALOGUE } from '@vroum/core/catalogue';
import type { Queryable } from './client';

/** Inserts the seeded catalogue; a vehicle whose slug exists is left as the admins edited it. */
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
  }
  return inserted;
}

export interface DemoAdmin {
  email: string;
  /** The password, when this start created the account; null when it already existed. */
  password: string | null;
}

/**
 * Creates the demo administrator once: a verified e-mail/password account with the admin role.
 * The password comes from configuration or is generated, and is only known at creation.
 */
export async function seedAdmin(
  db: Queryable,
  admin: { email: string; password: string | undefined },
): Promise<DemoAdmin> {
  const existing = await db.query<{ id: string }>(
    'select id from users where lower(email) = lower($1)',
    [admin.email],
  );
  if (existing.rows[0]) {
    await db.query(
      `insert into user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`,
      [existing.rows[0].id],
    );
    return { email: admin.email, password: null };
  }
  const password = admin.password ?? `Demo-${randomBytes(6).toString('base64url')}`;
  const {
    rows: [user],
  } = await db.query<{ id: string }>(
    `insert into users (name, email, email_verified) values ('Administrateur', $1, true) returning id`,
    [admin.email],
  );
  if (!user) throw new Error('Could not create the demo administrator');
  await db.query(
    `insert into accounts (user_id, account_id, provider_id, password) values ($1, $2, 'credential', $3)`,
    [user.id, user.id, await hashPassword(password)],
  );
  await db.query(
    `insert into profiles (user_id, first_name, last_name, email, account_status)
     values ($1, 'Équipe', 'Opérations', $2, 'validated')`,
    [user.id, admin.email],
  );
  await db.query(`insert into user_roles (user_id, role) values ($1, 'admin')`, [user.id]);
  return { email: admin.email, password };
}
