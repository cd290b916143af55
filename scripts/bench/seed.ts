// Set-based seeding (generate_series) of the rows the app itself writes for agencies, owners,
// customers, policies and their car/fire details. The few users the benchmark signs in as are made
// through the real sign-up API beforehand; everything else is bulk SQL (no bcrypt, no HTTP).
// Secondary indexes are dropped during the load and rebuilt from their own definitions, as a
// restore would do; foreign-key triggers are skipped (the data is consistent by construction).

import pg from 'pg';

export interface SeedTarget {
  agencyId: string;
  ownerId: string;
  customers: number;
  policies: number;
}

export interface SeedPlan {
  /** extra agencies (with owners) that get `fillerCustomers` / `fillerPolicies` each */
  fillerAgencies: number;
  fillerCustomers: number;
  fillerPolicies: number;
  /** agencies of signed-in users, with their own sizes */
  targets: SeedTarget[];
}

export type Exec = (sql: string) => Promise<unknown>;

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Margaret', 'Donald', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kenneth', 'Michelle'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores'];
const COMPANIES = ['Allianz', 'AXA', 'Zurich', 'Generali', 'State Farm', 'Allstate', 'Progressive', 'Liberty Mutual', 'Nationwide', 'Travelers'];
const CITIES = ['Springfield', 'Riverside', 'Franklin', 'Greenville', 'Bristol', 'Clinton', 'Fairview', 'Salem', 'Madison', 'Georgetown'];
const DOMAINS = ['example.com', 'mail.example', 'inbox.example', 'post.example', 'web.example', 'home.example', 'net.example', 'co.example'];
const MAKES = ['Toyota', 'Ford', 'Honda', 'Volkswagen', 'BMW', 'Renault', 'Hyundai', 'Kia'];
const MODELS = ['Corolla', 'Focus', 'Civic', 'Golf', '320d', 'Clio', 'i30', 'Ceed'];
const PROPERTY_TYPES = ['House', 'Apartment', 'Office', 'Warehouse', 'Shop'];
/** weighted like a real book: mostly active */
const STATUSES = ['active', 'active', 'active', 'active', 'pending', 'expired', 'cancelled'];

/** 3-letter searches that hit the generated names, companies and numbers in varying amounts. */
export const SEARCH_TERMS = ['mar', 'son', 'lee', 'tay', 'ell', 'ber', 'ich', 'zur', 'gen', 'all', 'ram', 'kin', 'ott', 'ica', 'war', 'lop'];

const arr = (values: string[]) => `(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`;
// Names and carriers are picked by a hash of the row's number, not by its remainder: a pick that
// repeats with the number lines up with the policy numbers' order, and PostgreSQL's histogram of the
// search expression, which takes every k-th value in that order when it samples a whole table (PGlite's
// 100,000 policies), then held one carrier and two first names, so search estimates were nonsense.
const pick = (list: string[], salt: string, n: string) => `${arr(list)}[1 + abs(hashtext('${salt}' || ${n})) % ${list.length}]`;
const name = (n: string) => `${pick(FIRST, 'first', n)} || ' ' || ${pick(LAST, 'last', n)}`;
const email = (n: string) => `'customer' || ${n} || '@' || ${arr(DOMAINS)}[1 + ${n} % 8]`;
const phone = (n: string) => `'+1 555 ' || lpad((${n} % 10000)::text, 4, '0')`;

// the lines' details are in policies.details since decision 051 (migration 0030 dropped their tables)
const BULK_TABLES = ['customers', 'policies'];

export async function seed(exec: Exec, query: <T>(sql: string) => Promise<T[]>, plan: SeedPlan, log: (msg: string) => void) {
  const t0 = performance.now();
  const step = (msg: string) => log(`  seed: ${msg} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  await exec(`set session_replication_role = replica`);
  await exec(`set maintenance_work_mem = '512MB'`);

  if (plan.fillerAgencies > 0) {
    await exec(`
      insert into "user" (id, name, email, email_verified, first_name, last_name, company, subscription_tier, subscription_status)
      select 'bench-owner-' || g, 'Owner ' || g, 'owner' || g || '@bench.example', true, 'Owner', g::text, 'Agency ' || g, 'enterprise', 'active'
      from generate_series(1, ${plan.fillerAgencies}) g`);
    await exec(`
      insert into agencies (id, name, owner_id)
      select gen_random_uuid(), 'Agency ' || g, 'bench-owner-' || g from generate_series(1, ${plan.fillerAgencies}) g`);
    await exec(`
      insert into agency_members (agency_id, user_id, role)
      select id, owner_id, 'owner' from agencies where owner_id like 'bench-owner-%'`);
  }
  await exec(`drop table if exists bench_targets`);
  await exec(`create temp table bench_targets (agency_id uuid, owner_id text, customers int, policies int)`);
  await exec(
    `insert into bench_targets
     select id, owner_id, ${plan.fillerCustomers}, ${plan.fillerPolicies} from agencies where owner_id like 'bench-owner-%'`,
  );
  for (const t of plan.targets)
    await exec(`insert into bench_targets values ('${t.agencyId}', '${t.ownerId}', ${t.customers}, ${t.policies})`);
  step('owners and agencies');

  // Drop secondary indexes (remember their definitions), load, rebuild.
  const indexes = await query<{ indexname: string; indexdef: string }>(`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = 'public' and i.tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(',')})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  // statistics targets set on index expressions (migration 0025) go with the index: set them again
  const targets = await query<{ indexname: string; attnum: number; target: number }>(`
    select c.relname as indexname, a.attnum, a.attstattarget as target from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relkind = 'i' and a.attstattarget > 0 and c.relname in (${indexes.map((ix) => `'${ix.indexname}'`).join(',') || "''"})`);
  for (const ix of indexes) await exec(`drop index "${ix.indexname}"`);

  await exec(`
    insert into customers (id, agency_id, created_by, name, email, phone, address, city, postal_code, date_of_birth, customer_type, notes, created_at, updated_at)
    select md5(t.agency_id::text || ':' || g)::uuid, t.agency_id, t.owner_id,
      ${name('g')}, ${email('g')}, ${phone('g')},
      g || ' Main Street', ${arr(CITIES)}[1 + g % 10], lpad((10000 + g % 89999)::text, 5, '0'),
      date '1950-01-01' + (g * 37 % 18000),
      case when g % 5 = 0 then 'business' else 'individual' end, null,
      now() - g * interval '1 minute', now() - g * interval '1 minute'
    from bench_targets t cross join lateral generate_series(1, t.customers) g`);
  step('customers');

  await exec(`
    insert into policies (id, agency_id, created_by, assignee_id, customer_id, policy_number, insurance_company, policy_type, customer_name, customer_email, customer_phone,
      premium_amount, coverage_amount, deductible, start_date, end_date, status, created_at, updated_at)
    select gen_random_uuid(), t.agency_id, t.owner_id, t.owner_id, md5(t.agency_id::text || ':' || c)::uuid,
      'POL-' || lpad(p::text, 7, '0'), ${pick(COMPANIES, 'carrier', 'p')}, case when p % 2 = 0 then 'car' else 'fire' end,
      ${name('c')}, ${email('c')}, ${phone('c')},
      (200 + p % 3000) + 0.5, ((p % 90) + 10) * 10000, (p % 10) * 100,
      date '2025-01-01' + (p % 700), date '2025-01-01' + (p % 700) + 365,
      ${arr(STATUSES)}[1 + p % 7],
      now() - p * interval '20 seconds', now() - p * interval '20 seconds'
    from bench_targets t cross join lateral generate_series(1, t.policies) p
    cross join lateral (select 1 + (p - 1) % greatest(t.customers, 1) as c) cc`);
  // the agent's choice (bound) and a cancellation's date from the drawn status; then the stored
  // status is the rule's today (decision 052), as the app and its daily run keep it
  await exec(`update policies set bound = status <> 'pending', cancel_effective_date = case when status = 'cancelled' then start_date end`);
  await exec(`update policies set status = case
      when cancel_effective_date is not null and cancel_effective_date <= current_date then 'cancelled'
      when end_date <= current_date then case renewal_state when 'renewed' then 'renewed' when 'lost' then 'lost' else 'expired' end
      when start_date > current_date or not bound then 'pending' else 'active' end`);
  step('policies');

  // the line's details live in policies.details (decision 051), as the line's schema outputs them
  await exec(`
    update policies p set details = jsonb_build_object('vehicle_make', ${arr(MAKES)}[1 + abs(hashtext(p.id::text)::bigint) % 8], 'vehicle_model', ${arr(MODELS)}[1 + abs(hashtext(p.id::text)::bigint) % 8],
      'vehicle_year', 2005 + abs(hashtext(p.id::text)::bigint) % 20, 'vin_number', upper(substr(md5(p.id::text), 1, 17)), 'driver_license', 'DL' || lpad((abs(hashtext(p.id::text)::bigint) % 10000000)::text, 7, '0'),
      'coverage_type', (array['comprehensive','third-party','collision'])[1 + abs(hashtext(p.id::text)::bigint) % 3])
    from bench_targets t
    where t.agency_id = p.agency_id and p.policy_type = 'car'`);
  await exec(`
    update policies p set details = jsonb_build_object('property_address', (abs(hashtext(p.id::text)::bigint) % 900 + 1) || ' Oak Avenue', 'property_type', ${arr(PROPERTY_TYPES)}[1 + abs(hashtext(p.id::text)::bigint) % 5],
      'construction_year', 1950 + abs(hashtext(p.id::text)::bigint) % 75, 'property_value', ((abs(hashtext(p.id::text)::bigint) % 900 + 100) * 1000)::text || '.00',
      'contents_coverage', case when abs(hashtext(p.id::text)::bigint) % 3 = 0 then null else ((abs(hashtext(p.id::text)::bigint) % 90 + 10) * 1000)::text || '.00' end)
    from bench_targets t
    where t.agency_id = p.agency_id and p.policy_type = 'fire'`);
  step('car and fire details');

  for (const ix of indexes) await exec(ix.indexdef);
  for (const t of targets) await exec(`alter index "${t.indexname}" alter column ${t.attnum} set statistics ${t.target}`);
  step(`${indexes.length} indexes rebuilt`);
  await exec(`set session_replication_role = origin`);
  // the bulk load skipped the triggers that keep the renewal cockpit's counters
  await exec(`select renewal_stats_rebuild()`);
  step('renewal counters');
  // and the terms' commissions (migration 0042)
  await exec(`select commission_terms_rebuild()`);
  step('commission terms');
  await exec(`drop table bench_targets`);
  for (const table of ['user', 'agencies', 'agency_members', 'renewal_stats', 'commission_terms', ...BULK_TABLES]) await exec(`vacuum analyze "${table}"`);
  step('vacuum analyze');
}

/** Seeds the plan over one connection of its own. */
export async function seedAt(url: string, plan: SeedPlan, log: (msg: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seed(
      (text) => client.query(text),
      async <T,>(text: string) => (await client.query(text)).rows as T[],
      plan,
      log,
    );
  } finally {
    await client.end();
  }
}
