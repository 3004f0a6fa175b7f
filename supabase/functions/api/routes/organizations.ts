// Company administration (SPEC §2 companies): members read their own organisation; admins edit it.
// The organisation number is read-only (not in the payload, and a trigger keeps it).
import { Hono } from 'hono';
import { HttpError } from '../../_shared/http.ts';
import { updateOrganizationSchema } from '../../_shared/schemas/organizations.ts';
import type { Organization } from '../../_shared/types/api.ts';
import { type AppEnv, readJson, requireSession } from '../middleware.ts';
import { asCaller, deniedOrMissing, pathId } from '../resource.ts';

const ORGANIZATION_COLUMNS = `id, name, organization_number as "organizationNumber", address, city, postal_code as "postalCode",
  country, email, phone, domain`;

export const organizationRoutes = new Hono<AppEnv>();

organizationRoutes.get('/admin/organizations', requireSession, async (c) => {
  const rows = await asCaller(c, (tx) =>
    tx<Organization[]>`select ${tx.unsafe(ORGANIZATION_COLUMNS)} from public.organizations order by name, id limit 100`
  );
  return c.json(rows);
});

organizationRoutes.put('/admin/organizations/:id', requireSession, async (c) => {
  const id = pathId(c);
  const input = await readJson(c, updateOrganizationSchema);
  const row = await asCaller(c, async (tx) => {
    const [updated] = await tx<Organization[]>`
      update public.organizations
      set name = ${input.name}, address = ${input.address}, city = ${input.city}, postal_code = ${input.postalCode},
          country = ${input.country}, email = ${input.email}, phone = ${input.phone}, domain = ${input.domain}
      where id = ${id}
      returning ${tx.unsafe(ORGANIZATION_COLUMNS)}`;
    return updated ?? deniedOrMissing(tx, 'public.organizations', id, new HttpError(403, 'admin_only'));
  });
  return c.json(row);
});
