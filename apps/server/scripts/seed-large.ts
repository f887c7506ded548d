/**
 * `npm run seed:large -- --members 100000`: fills the PostgreSQL of DATABASE_URL with generated
 * members for benchmarks and EXPLAIN checks (decision 0033). Names are multilingual with accents
 * (de, es, en, fr, pt, tr, pl, nordic), countries and devices skewed as in a real community,
 * profile values with mixed visibility, some connections, pending requests and blocks.
 *
 * Rows travel by COPY … FROM STDIN (pg-copy-streams) in one transaction, with triggers off for the
 * load (session_replication_role = replica: the friend count and the profile-cache NOTIFY
 * triggers would fire per row); friend counts are then computed in one statement. The database is
 * migrated and the profile fields created first, as start-up does. Generated members all have the
 * password hash 'x' (they cannot sign in) and e-mails at seed.invalid.
 *
 * Options: --members N (default 100000), --posts P (default 0: posts and questions by the generated
 * members, for the step-7 bench, with one group per 100 members that up to three groups each of
 * them joined, a sixth of the posts in them), --seed S (default 1: the same data every time).
 *
 * --bench-passwords N (benchmarks only): the first N generated plain members by id (role member
 * only) can then sign in, as `seed-<id>` with BENCH_PASSWORD below, so the many-member bench
 * (scripts/bench-members.mjs) logs them in through the real login. Their hash is a real argon2id
 * hash with the lowest cost argon2 allows (8 KiB, one pass): verification reads the cost from the
 * hash, so 1,000 logins take seconds instead of minutes, and login rehashes only passwords that
 * NFKC changes, which this ASCII one is not. With --members 0 it only gives the passwords, on a
 * database seeded before. It refuses, before writing anything, on a database holding any member
 * whose e-mail is not at seed.invalid (real members, demo accounts): a known password with a
 * near-free hash must never reach a real community.
 */
import { Readable } from 'node:stream';
import { hash as argon2Hash } from '@node-rs/argon2';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase } from '../src/db/client';
import { ensureProfileFields } from '../src/modules/users/service';
import { nicknameSkeleton } from '../src/modules/users/nickname';

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    posts: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    'bench-passwords': { type: 'string', default: '0' },
  },
});
/** The password of the members --bench-passwords opens; the bench reads it from this line. */
export const BENCH_PASSWORD = 'attune-bench-only-2026';
const BENCH_PASSWORDS = Number(options['bench-passwords']);
if (!Number.isInteger(BENCH_PASSWORDS) || BENCH_PASSWORDS < 0 || BENCH_PASSWORDS > 100_000)
  throw new Error('--bench-passwords must be a whole number from 0 to 100,000');
const MEMBERS = Number(options.members);
if (!Number.isInteger(MEMBERS) || MEMBERS < (BENCH_PASSWORDS > 0 ? 0 : 1) || MEMBERS > 5_000_000)
  throw new Error(
    '--members must be a whole number from 1 to 5,000,000 (0 with --bench-passwords: only the passwords)',
  );
const POSTS = Number(options.posts);
if (!Number.isInteger(POSTS) || POSTS < 0 || POSTS > 20_000_000)
  throw new Error('--posts must be a whole number from 0 to 20,000,000');
const url = process.env.DATABASE_URL;
if (!url) throw new Error('seed:large fills PostgreSQL: set DATABASE_URL');

/** A small deterministic generator (mulberry32), so a run can be repeated exactly. */
let state = Number(options.seed) >>> 0 || 1;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
/** One of the keys, with the given weights. */
function weighted<K extends string>(table: Record<K, number>): K {
  const entries = Object.entries(table) as [K, number][];
  let roll = random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [key, weight] of entries) if ((roll -= weight) <= 0) return key;
  return entries[0]![0];
}

const NAMES = {
  de: {
    first: [
      'Jürgen',
      'Jörg',
      'Müller',
      'Günther',
      'Björn',
      'Lukas',
      'Anna',
      'Käthe',
      'Sören',
      'Jana',
      'Lena',
      'Matthias',
      'Sophie',
      'Uwe',
      'Hannelore',
      'Felix',
      'Maximilian',
      'Bärbel',
    ],
    last: [
      'Müller',
      'Schröder',
      'Groß',
      'Weiß',
      'Köhler',
      'Schäfer',
      'Becker',
      'Hoffmann',
      'Wagner',
      'Krämer',
      'Böhm',
      'Fuchs',
      'Lösch',
      'Schmidt',
      'Jäger',
    ],
  },
  es: {
    first: [
      'José',
      'María',
      'Lucía',
      'Andrés',
      'Iñaki',
      'Núria',
      'Sofía',
      'Jesús',
      'Begoña',
      'Ramón',
      'Álvaro',
      'Inés',
      'Joaquín',
      'Pilar',
      'Rocío',
      'Héctor',
    ],
    last: [
      'García',
      'Martínez',
      'López',
      'Pérez',
      'Sánchez',
      'Gómez',
      'Muñoz',
      'Núñez',
      'Peña',
      'Ibáñez',
      'Rodríguez',
      'Fernández',
      'Díaz',
      'Jiménez',
    ],
  },
  en: {
    first: [
      'Emma',
      'Oliver',
      'Chloe',
      'Jack',
      'Amelia',
      'Harry',
      'Olivia',
      'Noah',
      'Grace',
      'James',
      'Ava',
      'Liam',
      'Zoë',
      'Renée',
    ],
    last: [
      'Smith',
      'Johnson',
      'Brown',
      'Taylor',
      'Wilson',
      'Davies',
      'Evans',
      "O'Brien",
      'Thomas',
      'Walker',
      'White',
      'Clarke',
    ],
  },
  other: {
    first: [
      'Zoë',
      'Chloé',
      'Françoise',
      'Amélie',
      'Søren',
      'Åsa',
      'Bjørn',
      'João',
      'Conceição',
      'Çağrı',
      'Şükrü',
      'Łukasz',
      'Zofia',
      'Małgorzata',
      'Noémie',
    ],
    last: [
      'Dubois',
      'Lefèvre',
      'Gonçalves',
      'Conceição',
      'Öztürk',
      'Yılmaz',
      'Kowalski',
      'Wiśniewska',
      'Sørensen',
      'Åberg',
      'Lindqvist',
      'Moreau',
    ],
  },
} as const;

/** Country → (weight, name pool, interface locale, region values). Skewed: half DE/ES. */
const COUNTRIES: Record<string, [number, keyof typeof NAMES, string, string[]]> = {
  DE: [30, 'de', 'de', ['Bayern', 'Berlin', 'Hamburg', 'Hessen', 'Nordrhein-Westfalen', 'Sachsen']],
  ES: [18, 'es', 'es', ['Madrid', 'Cataluña', 'Andalucía', 'Comunidad Valenciana', 'País Vasco']],
  AT: [8, 'de', 'de', ['Wien', 'Tirol', 'Steiermark']],
  CH: [5, 'de', 'de', ['Zürich', 'Bern', 'Genève']],
  GB: [8, 'en', 'en', ['England', 'Scotland', 'Wales']],
  US: [7, 'en', 'en', ['California', 'New York', 'Texas']],
  MX: [6, 'es', 'es', ['Ciudad de México', 'Jalisco', 'Nuevo León']],
  AR: [4, 'es', 'es', ['Buenos Aires', 'Córdoba']],
  CO: [3, 'es', 'es', ['Bogotá', 'Antioquia']],
  FR: [4, 'other', 'en', ['Île-de-France', 'Bretagne']],
  PT: [2, 'other', 'en', ['Lisboa', 'Porto']],
  TR: [2, 'other', 'en', ['İstanbul', 'Ankara']],
  PL: [2, 'other', 'en', ['Mazowieckie', 'Małopolskie']],
  SE: [1, 'other', 'en', ['Stockholm', 'Skåne']],
};
const COUNTRY_WEIGHTS = Object.fromEntries(
  Object.entries(COUNTRIES).map(([code, [weight]]) => [code, weight]),
) as Record<string, number>;

const DEVICES = {
  'cochlear-implant': 45,
  'hearing-aid': 22,
  bimodal: 12,
  'bone-conduction': 6,
  'middle-ear-implant': 3,
  'brainstem-implant': 1,
  none: 11,
};
const HEARING_AIDS = { bte: 40, ric: 30, ite: 10, cic: 5, cros: 5, none: 10 };
const STAGES = {
  considering: 10,
  evaluation: 8,
  'awaiting-surgery': 6,
  'first-year': 18,
  experienced: 45,
  'family-member': 10,
  professional: 3,
};
const INTERESTS = [
  'music',
  'travel',
  'sports',
  'technology',
  'reading',
  'nature',
  'cooking',
  'arts',
  'family',
  'languages',
  'volunteering',
  'theatre-film',
];
const LANGUAGE_OF: Record<keyof typeof NAMES, string[]> = {
  de: ['de'],
  es: ['es'],
  en: ['en'],
  other: ['fr', 'pt', 'tr', 'pl', 'sv'],
};
/** Most values keep the field's default (null); some members open up or close down. */
const VISIBILITY = { default: 70, members: 15, connections: 8, only_me: 5, staff: 2 };
const HEADLINES = [
  'CI user since 2019',
  'Bimodal and happy',
  'Mit CI zurück im Orchester',
  'Mi primer año con implante',
  'Ask me about rehab',
  'Mentor für Neu-Implantierte',
  'Hörgeräte-Trägerin',
  'Papá de una niña con IC',
];

/** A CSV field: quoted, quotes doubled; null as an unquoted empty field. */
const csv = (value: string | number | null) =>
  value === null ? '' : `"${String(value).replace(/"/g, '""')}"`;
const line = (...fields: (string | number | null)[]) => `${fields.map(csv).join(',')}\n`;
const pgArray = (items: string[]) => `{${items.map((item) => `"${item}"`).join(',')}}`;
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.');

/** Streams rows produced in chunks into `COPY table (columns) FROM STDIN (FORMAT csv)`. */
async function copy(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: Iterable<string>,
) {
  const chunks = (function* () {
    let buffer = '';
    for (const row of rows) {
      buffer += row;
      if (buffer.length > 1 << 16) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  })();
  await pipeline(
    Readable.from(chunks),
    client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT csv)`)),
  );
}

/**
 * Refuses --bench-passwords on a database holding anyone who is not a generated member (before
 * anything is written, migrations included).
 */
async function refuseRealMembers() {
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    const { rows } = await check.query(`select to_regclass('public.users') is not null as found`);
    if (!rows[0].found) return;
    const real = await check.query(
      `select count(*)::int as n from users where email is null or lower(email) not like '%@seed.invalid'`,
    );
    if (real.rows[0].n > 0)
      throw new Error(
        `--bench-passwords refused: this database holds members whose e-mail is not at seed.invalid ` +
          `(${real.rows[0].n}: real members or demo accounts). Bench passwords are for a database filled only by seed:large; nothing was written.`,
      );
  } finally {
    await check.end();
  }
}

/**
 * Gives the first BENCH_PASSWORDS generated plain members the bench password (one cheap argon2id
 * hash, see the header), in its own statement so it also works on a database seeded before.
 */
async function giveBenchPasswords(client: pg.PoolClient) {
  const passwordHash = await argon2Hash(BENCH_PASSWORD, {
    algorithm: 2, // Argon2id (a const enum that isolated modules cannot read)
    memoryCost: 8,
    timeCost: 1,
    parallelism: 1,
  });
  const { rowCount } = await client.query(
    `update users set password_hash = $1 where id in (
       select id from users where lower(email) like '%@seed.invalid' and roles = '{member}'
         and suspended_at is null
       order by id limit $2::int)`,
    [passwordHash, BENCH_PASSWORDS],
  );
  if ((rowCount ?? 0) < BENCH_PASSWORDS)
    throw new Error(
      `--bench-passwords ${BENCH_PASSWORDS}: only ${rowCount} generated plain members to give them to`,
    );
}

async function main() {
  const started = Date.now();
  if (BENCH_PASSWORDS > 0) await refuseRealMembers();
  if (MEMBERS === 0) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const client = await pool.connect();
    try {
      await giveBenchPasswords(client);
      console.log(`seed:large: bench passwords for ${BENCH_PASSWORDS} generated members`);
    } finally {
      client.release();
      await pool.end();
    }
    return;
  }
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await ensureProfileFields(database.db);
  await database.close();

  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const client = await pool.connect();
  try {
    const fields = new Map<string, number>(
      (
        await client.query('select id, lower(name) as name from profile_fields where group_id = 1')
      ).rows.map((row: { id: number; name: string }) => [row.name, row.id]),
    );
    const fieldId = (name: string) => {
      const id = fields.get(name);
      if (id === undefined) throw new Error(`profile field ${name} is missing`);
      return id;
    };
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    const first = Number(
      (await client.query('select coalesce(max(id), 0) + 1 as id from users')).rows[0].id,
    );
    const ids = Array.from({ length: MEMBERS }, (_, i) => first + i);

    const countryOf = new Map<number, string>();
    const skeletons = new Set<string>(
      (
        await client.query(
          'select nickname_skeleton from users where nickname_skeleton is not null',
        )
      ).rows.map((row: { nickname_skeleton: string }) => row.nickname_skeleton),
    );
    const users = function* () {
      for (const id of ids) {
        const country = weighted(COUNTRY_WEIGHTS);
        countryOf.set(id, country);
        const [, pool, locale] = COUNTRIES[country]!;
        const firstName = pick(NAMES[pool].first);
        const lastName = pick(NAMES[pool].last);
        // Most have a display name; a few have not chosen one yet, a few gave no real name.
        const nickname = random() < 0.03 ? '' : `${fold(firstName)}.${fold(lastName)}.${id}`;
        let skeleton: string | null = nickname ? nicknameSkeleton(nickname) : null;
        if (skeleton && skeletons.has(skeleton)) skeleton = null;
        if (skeleton) skeletons.add(skeleton);
        const named = random() < 0.95;
        const roles =
          random() < 0.02 ? ['member', 'mentor'] : random() < 0.01 ? ['medel_user'] : ['member'];
        yield line(
          id,
          `seed-${id}@seed.invalid`,
          `seed-${id}`,
          nickname,
          skeleton,
          named ? firstName : '',
          named ? lastName : '',
          locale,
          pgArray(roles),
          random() < 0.1 ? `Hola, soy ${firstName}.` : '',
          'x',
        );
      }
    };
    await copy(
      client,
      'users',
      [
        'id',
        'email',
        'username',
        'nickname',
        'nickname_skeleton',
        'first_name',
        'last_name',
        'locale',
        'roles',
        'description',
        'password_hash',
      ],
      users(),
    );
    await client.query(
      `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
    );

    const visibility = () => {
      const chosen = weighted(VISIBILITY);
      return chosen === 'default' ? null : chosen;
    };
    let valueCount = 0;
    const values = function* () {
      for (const id of ids) {
        const country = countryOf.get(id)!;
        const [, pool, , regions] = COUNTRIES[country]!;
        const own: [string, string][] = [
          ['completed setup', random() < 0.9 ? 'yes' : 'no'],
          ['country', country],
          ['device type', weighted(DEVICES)],
          ['stage', weighted(STAGES)],
          [
            'speaking languages',
            [...new Set([pick(LANGUAGE_OF[pool]), ...(random() < 0.4 ? ['en'] : [])])].join(','),
          ],
          [
            'interests',
            [
              ...new Set(
                Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(INTERESTS)),
              ),
            ].join(','),
          ],
        ];
        if (random() < 0.8) own.push(['region', pick(regions)]);
        if (random() < 0.5) own.push(['hearing aid type', weighted(HEARING_AIDS)]);
        if (random() < 0.3) own.push(['headline', pick(HEADLINES)]);
        for (const [name, value] of own) {
          valueCount += 1;
          yield line(id, fieldId(name), value, name === 'completed setup' ? null : visibility());
        }
      }
    };
    await copy(client, 'profile_values', ['user_id', 'field_id', 'value', 'visibility'], values());

    // Each member's directory values and facets, the facets' ordered rows and the directory
    // entries (migrations 0010, 0011, 0026, 0028), which the load's triggers would have kept.
    await client.query('select users_refresh_all_directory_values()');
    await client.query('select member_facets_refresh_all()');
    await client.query('select users_refresh_all_directory_entries()');

    // Connections and requests: about two per member, among nearby ids (communities cluster);
    // one row per pair whichever side asked (friendships_pair_key).
    const pairs = new Set<string>();
    const friendships = function* () {
      for (const id of ids) {
        for (let k = 0; k < 2; k += 1) {
          const other = first + Math.floor(random() * MEMBERS);
          if (other === id) continue;
          const key = `${Math.min(id, other)}:${Math.max(id, other)}`;
          if (pairs.has(key)) continue;
          pairs.add(key);
          yield line(id, other, random() < 0.75 ? 'accepted' : 'pending');
        }
      }
    };
    await copy(client, 'friendships', ['requester_id', 'addressee_id', 'status'], friendships());
    await client.query(
      `update friendships set accepted_at = created_at where status = 'accepted' and accepted_at is null`,
    );

    const blocked = new Set<string>();
    const blocks = function* () {
      for (const id of ids) {
        if (random() >= 0.005) continue;
        const other = first + Math.floor(random() * MEMBERS);
        const key = `${id}:${other}`;
        if (other === id || blocked.has(key)) continue;
        blocked.add(key);
        yield line(id, other);
      }
    };
    await copy(client, 'blocks', ['blocker_id', 'blocked_id'], blocks());

    // Posts and questions, oldest first, by random generated members in their own language
    // (slugs `seed-post-N`, so the bench can open any of them).
    const TITLES: Record<string, string[]> = {
      en: ['My first year with the implant', 'Tips for the phone?', 'Music sounds different now'],
      de: ['Mein erstes Jahr mit dem Implantat', 'Tipps fürs Telefonieren?', 'Musik klingt anders'],
      es: [
        'Mi primer año con el implante',
        '¿Consejos para el teléfono?',
        'La música suena distinta',
      ],
    };
    const localeOf = (id: number) => COUNTRIES[countryOf.get(id)!]![2];
    const firstPost = Number(
      (await client.query('select coalesce(max(id), 0) + 1 as id from posts')).rows[0].id,
    );
    // Groups (with posts only): one per 100 members, most public, some private, a few hidden;
    // each member in up to three of them; a group's first member is its admin.
    const GROUPS = POSTS > 0 ? Math.max(10, Math.floor(MEMBERS / 100)) : 0;
    const firstGroup = Number(
      (await client.query('select coalesce(max(id), 0) + 1 as id from groups')).rows[0].id,
    );
    const groupsOf = new Map<number, number[]>();
    const groupRows = function* () {
      for (let n = 0; n < GROUPS; n += 1) {
        const status = random() < 0.7 ? 'public' : random() < 0.85 ? 'private' : 'hidden';
        const name = `${pick(TITLES.en!)} ${firstGroup + n}`;
        yield line(firstGroup + n, `seed-group-${firstGroup + n}`, name, '{}', status);
      }
    };
    const memberships = function* () {
      const admins = new Set<number>();
      for (const id of ids) {
        const count = Math.floor(random() * 4);
        const mine = new Set<number>();
        for (let k = 0; k < count; k += 1) mine.add(firstGroup + Math.floor(random() * GROUPS));
        groupsOf.set(id, [...mine]);
        for (const group of mine) {
          const admin = !admins.has(group);
          admins.add(group);
          yield line(group, id, 'active', admin ? 'admin' : 'member');
        }
      }
    };
    if (GROUPS > 0) {
      await copy(client, 'groups', ['id', 'slug', 'name', 'descriptions', 'status'], groupRows());
      await copy(client, 'group_members', ['group_id', 'user_id', 'status', 'role'], memberships());
      await client.query(
        `select setval(pg_get_serial_sequence('groups', 'id'), (select max(id) from groups))`,
      );
      // The trigger that keeps member_count was off for the load: count once for every group.
      await client.query(`update groups g set member_count = c.n from (
          select group_id, count(*)::int as n from group_members where status = 'active'
          group by group_id) c where g.id = c.group_id`);
    }
    const posts = function* () {
      for (let n = 0; n < POSTS; n += 1) {
        const author = ids[Math.floor(random() * ids.length)]!;
        // One post in six is written in one of its author's groups.
        const authorGroups = groupsOf.get(author) ?? [];
        const group =
          authorGroups.length > 0 && random() < 1 / 6
            ? authorGroups[Math.floor(random() * authorGroups.length)]!
            : null;
        const language = (['en', 'de', 'es'] as const).includes(localeOf(author) as 'en')
          ? localeOf(author)
          : 'en';
        const title = `${pick(TITLES[language]!)} ${firstPost + n}`;
        const text = `${title}. ${pick(HEADLINES)}`;
        const document = JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
        });
        yield line(
          firstPost + n,
          random() < 0.33 ? 'question' : 'post',
          author,
          language,
          title,
          `seed-post-${firstPost + n}`,
          document,
          `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
          text,
          group,
        );
      }
    };
    if (POSTS > 0) {
      await copy(
        client,
        'posts',
        [
          'id',
          'kind',
          'author_id',
          'language',
          'title',
          'slug',
          'document',
          'html',
          'text',
          'group_id',
        ],
        posts(),
      );
      await client.query(
        `select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from posts))`,
      );
    }

    // The trigger that keeps friend_count was off for the load: count once for every member.
    await client.query(`update users u set friend_count = c.n from (
        select id, count(*)::int as n from (
          select requester_id as id from friendships where status = 'accepted'
          union all select addressee_id from friendships where status = 'accepted') s group by id) c
      where u.id = c.id and u.friend_count <> c.n`);
    if (BENCH_PASSWORDS > 0) await giveBenchPasswords(client);
    await client.query('commit');
    // Statistics for the planner, and the visibility map a long-lived database has (autovacuum):
    // without it the directory's index-only reads of profile_values visit the heap.
    await client.query(
      'vacuum (analyze) users, profile_values, member_facets, friendships, blocks, posts, groups, group_members',
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `seed:large: ${MEMBERS} members (ids ${first}–${first + MEMBERS - 1}), ${valueCount} profile values, ` +
        `${pairs.size} connections and requests, ${blocked.size} blocks, ${GROUPS} groups, ` +
        `${POSTS} posts${BENCH_PASSWORDS > 0 ? `, bench passwords for ${BENCH_PASSWORDS}` : ''} in ${seconds} s`,
    );
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    await pool.end();
  }
}

await main();
