-- Value sets shared by the tables and the API. The order of app_role is meaningful:
-- user < superuser < admin (private.has_role compares with >=).
create type public.app_role as enum ('user', 'superuser', 'admin');
create type public.workflow_status as enum ('draft', 'active', 'paused', 'error', 'inactive');
create type public.workflow_start_method as enum ('manual', 'scheduled', 'trigger');
create type public.error_status as enum ('pending', 'in_progress', 'resolved', 'ignored');
create type public.error_priority as enum ('high', 'medium', 'low');
create type public.payment_method_type as enum ('card', 'bank_account', 'invoice', 'other');
create type public.subscription_plan as enum ('pro', 'enterprise');
create type public.subscription_status as enum ('active', 'expired');
