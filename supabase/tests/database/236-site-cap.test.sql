-- The per-site cap (20261128300100): a run's site is the host of its version's first navigate step; at claim, an
-- organisation's runs held by runners on that site are at most organization_settings.site_concurrency (default 4),
-- within run_concurrency; other sites, other organisations, parked runs and templated hosts are not held up; a
-- member cannot change the cap, an admin can for their own organisation only.
begin;
select plan(12);
select tests.create_actors();

insert into public.workflows (id, organization_id, created_by, name, status, is_active) values
  ('b2360000-0000-4000-8000-00000000000a', tests.org_id('admin'), tests.uid('admin'), 'Fakturor', 'active', true),
  ('b2360000-0000-4000-8000-00000000000b', tests.org_id('admin'), tests.uid('admin'), 'Leverantörer', 'active', true),
  ('b2360000-0000-4000-8000-00000000000c', tests.org_id('admin'), tests.uid('admin'), 'Annan sajt', 'active', true),
  ('b2360000-0000-4000-8000-00000000000d', tests.org_id('admin'), tests.uid('admin'), 'Mall-URL', 'active', true),
  ('b2360000-0000-4000-8000-00000000000e', tests.org_id('outsider_admin'), tests.uid('outsider_admin'), 'Samma sajt, annan org', 'active', true);
insert into public.workflow_versions (organization_id, workflow_id, version, definition)
select w.organization_id, w.id, 1, jsonb_build_object('version', 1, 'steps', jsonb_build_array(
  jsonb_build_object('id', 's0', 'type', 'setViewport', 'width', 800, 'height', 600, 'deviceScaleFactor', 1, 'isMobile', false, 'hasTouch', false, 'isLandscape', false),
  jsonb_build_object('id', 's1', 'type', 'navigate', 'url', u.url),
  jsonb_build_object('id', 's2', 'type', 'navigate', 'url', 'https://annat.example.se/')))
from public.workflows w join (values
  ('b2360000-0000-4000-8000-00000000000a'::uuid, 'https://user:pw@EKONOMI.example.se:8443/faktura?x=1'),
  ('b2360000-0000-4000-8000-00000000000b'::uuid, 'https://ekonomi.example.se/leverantor'),
  ('b2360000-0000-4000-8000-00000000000c'::uuid, 'https://portal.example.com/'),
  ('b2360000-0000-4000-8000-00000000000d'::uuid, 'https://{{input.kund}}.example.se/'),
  ('b2360000-0000-4000-8000-00000000000e'::uuid, 'https://ekonomi.example.se/')) u(id, url) on u.id = w.id;
update public.workflows set current_version = 1 where id::text like 'b2360000-%';

select results_eq($$ select site from public.workflow_versions where workflow_id::text like 'b2360000-%' order by workflow_id $$,
  $$ values ('ekonomi.example.se'), ('ekonomi.example.se'), ('portal.example.com'), (null), ('ekonomi.example.se') $$,
  'a version''s site is the lower-case host of its first navigate (no credentials or port); a templated host is none');

select tests.authenticate_as('admin');
select app.start_run('b2360000-0000-4000-8000-00000000000a') as a1 \gset
select app.start_run('b2360000-0000-4000-8000-00000000000b') as b1 \gset
select app.start_run('b2360000-0000-4000-8000-00000000000c') as c1 \gset
select app.start_run('b2360000-0000-4000-8000-00000000000d') as d1 \gset
select app.start_run('b2360000-0000-4000-8000-00000000000d') as d2 \gset
insert into public.organization_settings (site_concurrency) values (1);
select tests.clear_authentication();
select tests.authenticate_as('outsider_admin');
select app.start_run('b2360000-0000-4000-8000-00000000000e') as e1 \gset
select tests.clear_authentication();

create function pg_temp.claim(p_run text) returns text language sql as $$
  select r ->> 'result' from tests.as_runner(format($q$ select app.runner_claim_run(%L, 1, 'runner-236') as result $q$, p_run)) r
$$;

select is(pg_temp.claim(:'a1'), 'claimed', 'the first run on ekonomi.example.se is claimed');
select is(pg_temp.claim(:'b1'), 'busy', 'another workflow''s run on the same site waits: the site''s cap (1) holds across workflows');
select results_eq(format($$ select status::text, runner_id from public.runs where id = %L $$, :'b1'), $$ values ('pending', null::text) $$,
  'and nothing changed');
select is(pg_temp.claim(:'c1'), 'claimed', 'a run on another site is claimed meanwhile');
select is(pg_temp.claim(:'e1'), 'claimed', 'another organisation''s run on the same site is not held up');
select is(pg_temp.claim(:'d1') || ' ' || pg_temp.claim(:'d2'), 'claimed claimed', 'runs whose host is a template are not capped per site');

update public.runs set status = 'paused', runner_id = null, heartbeat_at = null where id = :'a1';
select is(pg_temp.claim(:'b1'), 'claimed', 'a parked run holds no place on its site');

select is((select site_concurrency from public.organization_settings where organization_id = tests.org_id('outsider_admin')), null,
  'an organisation without settings has no row (the default, 4, applies)');

select tests.authenticate_as('member');
update public.organization_settings set site_concurrency = 50;
select tests.clear_authentication();
select is((select site_concurrency from public.organization_settings where organization_id = tests.org_id('admin')), 1,
  'a member cannot change the cap');
select tests.authenticate_as('outsider_admin');
update public.organization_settings set site_concurrency = 50 where organization_id = tests.org_id('admin');
select tests.clear_authentication();
select is((select site_concurrency from public.organization_settings where organization_id = tests.org_id('admin')), 1,
  'another organisation''s admin cannot change it');
select tests.authenticate_as('admin');
select throws_ok($$ update public.organization_settings set site_concurrency = 0 $$, '23514', null, 'the cap is at least 1');
select tests.clear_authentication();

select * from finish();
rollback;
