import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSchema,
  execute,
  Kind,
  parse,
  validate,
  type OperationDefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import * as contract from '@attune/contract';
import { bearer, createTestApp, graphql, signedInMember, type TestApp } from '../../test/app';
import { costLimitRule, operationCost, QUERY_LIMITS } from './cost-limit';
import { enforceTimeBudget } from './time-budget';

/** A schema shaped like WPGraphQL's user listing, with the spec's friend fields (spec §3, §7). */
const listingSchema = buildSchema(/* GraphQL */ `
  type Query {
    users(first: Int, last: Int, where: UserWhere): UserConnection
    user(id: ID!): User
  }
  input UserWhere {
    include: [Int]
  }
  type UserConnection {
    nodes: [User!]!
    pageInfo: PageInfo!
  }
  type PageInfo {
    hasNextPage: Boolean!
  }
  type Avatar {
    url: String
  }
  type ProfileValue {
    name: String!
    type: String!
    value: String
  }
  type ProfileGroup {
    groupName: String!
    fields: [ProfileValue!]!
  }
  type User {
    id: ID!
    databaseId: Int!
    name: String
    nickname: String!
    locale: String!
    lastName: String!
    roles: [String!]!
    description: String!
    headline: String
    avatar: Avatar!
    extendedProfiles: [ProfileGroup!]!
    isFriend: Int!
    friends(first: Int): UserConnection
  }
`);

const FRIEND_FIELDS = `
  id databaseId name avatar { url } nickname locale lastName roles description headline
  extendedProfiles { groupName fields { name type value } } isFriend
`;
const LIST_MY_FRIENDS = `
  query ListMyFriends($include: [Int]) {
    users(first: 1000, where: { include: $include }) { nodes { ${FRIEND_FIELDS} } }
  }
`;

const costErrors = (schema: GraphQLSchema, query: string) =>
  validate(schema, parse(query), [costLimitRule()]).map((error) => error.message);

const costOf = (schema: GraphQLSchema, query: string) => {
  const document = parse(query);
  const fragments = new Map(
    document.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  return operationCost(
    { getSchema: () => schema, getFragment: (name) => fragments.get(name) },
    operation,
  );
};

const aliases = (count: number, field: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => field(i)).join('\n');

describe('the cost rule', () => {
  it('lets ListMyFriends (users(first: 1000) with the friend fields) through, with room to spare', () => {
    expect(costErrors(listingSchema, LIST_MY_FRIENDS)).toEqual([]);
    // 1 + 1000 × (nodes + 18 friend fields): well under the limit, so a few more fields still fit.
    expect(costOf(listingSchema, LIST_MY_FRIENDS).cost).toBe(19_001);
    expect(costOf(listingSchema, LIST_MY_FRIENDS).cost).toBeLessThan(QUERY_LIMITS.maxCost / 2);
    // The page size from a variable counts as the largest page (1000).
    expect(
      costErrors(
        listingSchema,
        `query($n: Int) { users(first: $n) { nodes { ${FRIEND_FIELDS} } } }`,
      ),
    ).toEqual([]);
  });

  it('refuses huge pages and lists nested in lists', () => {
    expect(
      costErrors(listingSchema, `{ users(first: 100000) { nodes { ${FRIEND_FIELDS} } } }`),
    ).toEqual([expect.stringMatching(/more than 50000 fields/)]);
    expect(
      costErrors(
        listingSchema,
        `{ users(first: 1000) { nodes { friends(first: 1000) { nodes { id } } } } }`,
      ),
    ).toEqual([expect.stringMatching(/more than 50000 fields/)]);
  });

  it('refuses more than 20 root fields, aliases and fragments included', () => {
    const twentyOne = aliases(21, (i) => `a${i}: user(id: "${i}") { id }`);
    expect(costErrors(listingSchema, `{ ${twentyOne} }`)).toEqual([
      expect.stringMatching(/21 root fields/),
    ]);
    const hidden = `{ ...F ... on Query { x: user(id: "1") { id } } }
      fragment F on Query { ${aliases(20, (i) => `a${i}: user(id: "${i}") { id }`)} }`;
    expect(costErrors(listingSchema, hidden)).toEqual([expect.stringMatching(/21 root fields/)]);
  });

  it('spreads fragments where they are used: a fragment bomb is refused, and fast', () => {
    // Each fragment selects the next one twice: 2^20 friends' friends from a few lines.
    const levels = Array.from(
      { length: 20 },
      (_, i) =>
        `fragment U${i} on User { a: friends(first: 1) { nodes { ...U${i + 1} } } b: friends(first: 1) { nodes { ...U${i + 1} } } }`,
    );
    const bomb = `{ user(id: "1") { ...U0 } } ${levels.join('\n')} fragment U20 on User { id }`;
    const started = performance.now();
    expect(costErrors(listingSchema, bomb)).toEqual([
      expect.stringMatching(/more than 50000 fields/),
    ]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the time budget', () => {
  it('refuses resolvers that would start after the deadline; earlier ones finish', async () => {
    const schema = buildSchema(`
      type Query { slow: Slow }
      type Slow { late: String }
    `);
    const calls: string[] = [];
    schema.getQueryType()!.getFields().slow!.resolve = async () => {
      calls.push('slow');
      await new Promise((resolve) => setTimeout(resolve, 60));
      return {};
    };
    (schema.getType('Slow') as import('graphql').GraphQLObjectType).getFields().late!.resolve =
      () => {
        calls.push('late');
        return 'too late';
      };
    enforceTimeBudget(schema);
    enforceTimeBudget(schema); // idempotent: wrapping twice would not change the answer
    const document: DocumentNode = parse('{ slow { late } }');
    const result = await execute({
      schema,
      document,
      contextValue: { deadline: performance.now() + 20 },
    });
    expect(calls).toEqual(['slow']);
    expect(result.data).toEqual({ slow: { late: null } });
    expect(result.errors?.[0]?.originalError).toMatchObject({
      code: 'query_timeout',
      status: 503,
    });
    const inTime = await execute({
      schema,
      document,
      contextValue: { deadline: performance.now() + 5_000 },
    });
    expect(inTime.data).toEqual({ slow: { late: 'too late' } });
  });

  it('answers 503 query_timeout with Retry-After once the budget is spent', async () => {
    const t = await createTestApp({}, undefined, { graphqlLimits: { timeBudgetMs: 0 } });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: '{ _version }' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().errors[0].extensions).toMatchObject({
        code: 'query_timeout',
        status: 503,
      });
    } finally {
      await t.close();
    }
  });
});

describe('GraphQL requests against the limits', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInMember(t.app)).token;
  });
  afterAll(() => t.close());

  const tenThousandAliases = `{ ${aliases(10_000, (i) => `a${i}: user(id: "1") { databaseId nickname avatar { url } }`)} }`;

  it('refuses 10,000 aliases of user from a member at once, with a stable code', async () => {
    const started = performance.now();
    const response = await graphql(t.app, tenThousandAliases, {}, bearer(token));
    const elapsed = performance.now() - started;
    expect(response.status).toBe(400);
    expect(response.body.data).toBeNull();
    expect(response.body.errors?.[0]?.extensions).toMatchObject({
      code: 'query_too_complex',
      status: 400,
    });
    expect(elapsed).toBeLessThan(1_000);
  });

  it('refuses a document over the token limit, whatever it selects', async () => {
    const response = await graphql(
      t.app,
      `{ ${aliases(1_500, (i) => `t${i}: __typename`)} }`,
      {},
      bearer(token),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions.code).toBe('query_too_complex');
    expect(response.body.errors?.[0]?.message).toMatch(/more than 3000 tokens/);
  });

  it('keeps /healthz answering during a flood of expensive queries', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ query: tenThousandAliases });
    const twentyUsers = JSON.stringify({
      query: `{ ${aliases(20, (i) => `a${i}: user(id: "1") { databaseId nickname avatar { url } }`)} }`,
    });
    const flood = Array.from({ length: 24 }, (_, i) =>
      fetch(`${address}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: i % 4 === 3 ? twentyUsers : body,
      }).then((response) => response.status),
    );
    const latencies: number[] = [];
    let done = false;
    const all = Promise.all(flood).finally(() => (done = true));
    while (!done || latencies.length < 5) {
      const started = performance.now();
      const health = await fetch(`${address}/healthz`);
      latencies.push(performance.now() - started);
      expect(health.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const statuses = await all;
    expect(statuses.filter((status) => status === 400)).toHaveLength(18);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(Math.max(...latencies)).toBeLessThan(1_500);
  });

  it('lets every operation the web app sends (the contract documents) past the limits', async () => {
    const documents = Object.entries(contract as Record<string, unknown>).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && /^\s*(query|mutation)\b/.test(entry[1]),
    );
    expect(documents.length).toBeGreaterThan(2);
    for (const [name, document] of documents) {
      // Without variables most of them fail later, at execution; never on the limits.
      const response = await graphql(t.app, document, {}, bearer(token));
      const codes = (response.body.errors ?? []).map((error) => error.extensions.code);
      expect(codes, name).not.toContain('query_too_complex');
      expect(codes, name).not.toContain('query_timeout');
    }
  });

  it('lets a fragment hide no second login attempt', async () => {
    for (const query of [
      `mutation { ...F }
       fragment F on Mutation {
         a: login(input: { username: "x", password: "1" }) { authToken }
         b: login(input: { username: "x", password: "2" }) { authToken }
       }`,
      `mutation { ... on Mutation {
         a: login(input: { username: "x", password: "1" }) { authToken }
         b: login(input: { username: "x", password: "2" }) { authToken }
       } }`,
      `mutation { login(input: { username: "x", password: "1" }) { authToken } ...G }
       fragment G on Mutation { ... on Mutation { b: login(input: { username: "x", password: "2" }) { authToken } } }`,
    ]) {
      const response = await graphql(t.app, query);
      expect(response.status).toBe(400);
      expect(response.body.data).toBeNull();
      expect(response.body.errors?.[0]?.message).toMatch(/must be the only field/);
    }
  });
});
