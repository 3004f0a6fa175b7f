-- Payment methods of an organisation, managed by its admins. Exactly one is the default while any
-- exist: the first one added becomes the default, deleting the default promotes the most recent other
-- one, and the default is switched only through public.set_default_payment_method (20261122001300).
-- Card numbers are never stored: only the last four digits and the whitelisted metadata keys.
create table public.payment_methods (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_org_id() references public.organizations (id) on delete cascade,
  name text not null check (btrim(name) <> '' and char_length(name) <= 200),
  type public.payment_method_type not null,
  card_last_four char(4) check (card_last_four ~ '^[0-9]{4}$'),
  bank_account text check (btrim(bank_account) <> '' and char_length(bank_account) <= 64),
  is_default boolean not null default false,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_methods_card_last_four_only_for_cards check (card_last_four is null or type = 'card'),
  constraint payment_methods_bank_account_only_for_bank_accounts check (bank_account is null or type = 'bank_account'),
  constraint payment_methods_metadata_shape check (
    jsonb_typeof(metadata) = 'object'
    and metadata - array['holderName', 'expiryMonth', 'expiryYear', 'provider'] = '{}'::jsonb
    and case jsonb_typeof(metadata -> 'holderName')
          when 'string' then char_length(metadata ->> 'holderName') <= 200 when 'null' then true else metadata -> 'holderName' is null end
    and case jsonb_typeof(metadata -> 'provider')
          when 'string' then char_length(metadata ->> 'provider') <= 200 when 'null' then true else metadata -> 'provider' is null end
    and case jsonb_typeof(metadata -> 'expiryMonth')
          when 'number' then (metadata ->> 'expiryMonth')::numeric in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
          when 'null' then true else metadata -> 'expiryMonth' is null end
    and case jsonb_typeof(metadata -> 'expiryYear')
          when 'number' then (metadata ->> 'expiryYear')::numeric between 2000 and 2999 and (metadata ->> 'expiryYear')::numeric % 1 = 0
          when 'null' then true else metadata -> 'expiryYear' is null end
  )
);

create index payment_methods_organization_id_idx on public.payment_methods (organization_id);
create unique index payment_methods_one_default_per_organization_idx
  on public.payment_methods (organization_id) where is_default;

create trigger payment_methods_set_updated_at
  before update on public.payment_methods
  for each row execute function private.set_updated_at();

-- One lock per organisation serialises every change of its default (insert, delete, set default).
create function private.lock_payment_methods(p_organization_id uuid)
returns void
language sql
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('public.payment_methods:' || p_organization_id::text, 0))
$$;

create function private.default_first_payment_method()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_payment_methods(new.organization_id);
  new.is_default := new.is_default or not exists (
    select 1 from public.payment_methods pm where pm.organization_id = new.organization_id
  );
  return new;
end;
$$;

create trigger payment_methods_default_first
  before insert on public.payment_methods
  for each row execute function private.default_first_payment_method();

-- Taken before any row is locked, so a delete and a set-default in the same organisation cannot deadlock.
create function private.lock_callers_payment_methods()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organization_id uuid := private.current_org_id();
begin
  if v_organization_id is not null then
    perform private.lock_payment_methods(v_organization_id);
  end if;
  return null;
end;
$$;

create trigger payment_methods_lock_before_delete
  before delete on public.payment_methods
  for each statement execute function private.lock_callers_payment_methods();

create function private.promote_next_default_payment_method()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_default then
    perform private.lock_payment_methods(old.organization_id);
    update public.payment_methods
    set is_default = true
    where id = (
      select pm.id from public.payment_methods pm
      where pm.organization_id = old.organization_id and not pm.is_default
      order by pm.created_at desc, pm.id desc
      limit 1
    )
    and not exists (
      select 1 from public.payment_methods d where d.organization_id = old.organization_id and d.is_default
    );
  end if;
  return null;
end;
$$;

create trigger payment_methods_promote_next_default
  after delete on public.payment_methods
  for each row execute function private.promote_next_default_payment_method();

alter table public.payment_methods enable row level security;

revoke all on public.payment_methods from anon, authenticated;
grant select, delete on public.payment_methods to authenticated;
grant insert (organization_id, name, type, card_last_four, bank_account, metadata) on public.payment_methods to authenticated;
grant update (name, type, card_last_four, bank_account, metadata) on public.payment_methods to authenticated;
grant select, insert, update, delete on public.payment_methods to service_role;

create policy "members can read the payment methods of their organisation"
  on public.payment_methods for select
  to authenticated
  using (organization_id = (select private.current_org_id()));

create policy "admins can add payment methods to their organisation"
  on public.payment_methods for insert
  to authenticated
  with check (organization_id = (select private.current_org_id()) and (select private.has_role('admin')));

create policy "admins can update payment methods of their organisation"
  on public.payment_methods for update
  to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_role('admin')))
  with check (organization_id = (select private.current_org_id()) and (select private.has_role('admin')));

create policy "admins can delete payment methods of their organisation"
  on public.payment_methods for delete
  to authenticated
  using (organization_id = (select private.current_org_id()) and (select private.has_role('admin')));
