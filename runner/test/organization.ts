// A registered company of its own for a stack test (the registration trigger makes its organisation and admin
// profile) with one active workflow whose version 1 is `definition`, written as postgres. The demo organisation
// the end-to-end specs read stays as seeded.
import type postgres from 'postgres';

export type TestOrganization = { organizationId: string; memberId: string; workflowId: string };

export async function createTestOrganization(
  admin: postgres.Sql,
  o: { slug: string; company: string; person: string; workflow: string; definition: unknown },
): Promise<TestOrganization> {
  const memberId = crypto.randomUUID();
  const workflowId = crypto.randomUUID();
  const number = `${Date.now()}`.slice(-10);
  await admin`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                            confirmation_token, recovery_token, email_change_token_new, email_change)
    values ('00000000-0000-0000-0000-000000000000', ${memberId}, 'authenticated', 'authenticated', ${`${o.slug}-${memberId}@test.kollega.se`}, '', now(),
            '{"provider":"email","providers":["email"]}', ${admin.json({
              full_name: o.person,
              organization: { name: o.company, organization_number: number, address: 'Testgatan 1', city: 'Uppsala', postal_code: '75310', country: 'Sverige', email: `info@${o.slug}.example.se`, phone: '018-123 45 67' },
            })}, '', '', '', '')`;
  const [{ organization_id: organizationId }] = await admin<{ organization_id: string }[]>`select organization_id from public.profiles where id = ${memberId}`;
  await admin`insert into public.workflows (id, organization_id, created_by, name, status, is_active) values (${workflowId}, ${organizationId}, ${memberId}, ${o.workflow}, 'active', true)`;
  await admin`insert into public.workflow_versions (organization_id, workflow_id, version, definition) values (${organizationId}, ${workflowId}, 1, ${admin.json(o.definition as never)})`;
  await admin`update public.workflows set current_version = 1 where id = ${workflowId}`;
  return { organizationId, memberId, workflowId };
}
