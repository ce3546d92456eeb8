import type { AdminUser, AdminUserPage } from '@vroum/core/admin';
import type { Queryable } from '../../db/client';

interface AdminUserRow {
  user_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  city: string | null;
  country: string | null;
  date_of_birth: string | null;
  account_status: AdminUser['accountStatus'] | null;
  is_admin: boolean;
  created_at: Date;
}

/** Escapes % and _ for a LIKE pattern. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users newest first (read-only), with their profile when they have one; search and pages. */
export async function listAdminUsers(
  db: Queryable,
  query: { q?: string | undefined; page: number; pageSize: number },
): Promise<AdminUserPage> {
  const q = query.q?.trim();
  const where = q
    ? `where lower(u.email) like $1 or lower(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) like $1
         or lower(coalesce(p.last_name, '') || ' ' || coalesce(p.first_name, '')) like $1
         or coalesce(p.phone, '') like $1 or lower(coalesce(p.city, '')) like $1`
    : '';
  const params = q ? [`%${likeEscape(q.toLowerCase())}%`] : [];
  const from = `from users u left join profiles p on p.user_id = u.id ${where}`;
  const [list, count] = await Promise.all([
    db.query<AdminUserRow>(
      `select u.id as user_id, u.email, p.first_name, p.last_name, p.phone, p.city, p.country,
              p.date_of_birth, p.account_status,
              exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin,
              coalesce(p.created_at, u.created_at) as created_at
         ${from}
        order by u.created_at desc, u.id desc
        limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    ),
    db.query<{ total: number }>(`select count(*)::int as total ${from}`, params),
  ]);
  return {
    users: list.rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      city: row.city,
      country: row.country,
      dateOfBirth: row.date_of_birth,
      accountStatus: row.account_status ?? 'pending',
      isAdmin: row.is_admin,
      createdAt: row.created_at.toISOString(),
    })),
    total: count.rows[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
