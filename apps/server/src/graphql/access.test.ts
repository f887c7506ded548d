import { buildSchema, graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '@attune/contract';
import { enforceRootAccess, mergeAccess } from './access';

const schema = () =>
  buildSchema(`
    type Query { open: String, mine: Int, staff: String, forgotten: String }
    type Mutation { manage: Boolean }
  `);
const rootValue = {
  open: () => 'hello',
  mine: () => 1,
  staff: () => 'staff',
  forgotten: () => 'leaked',
  manage: () => true,
};

/** Runs a document as nobody, a member or a super_admin (a stand-in for the auth plugin). */
async function run(document: string, roles: string[] | null) {
  const errors: unknown[] = [];
  const built = schema();
  enforceRootAccess(
    built,
    mergeAccess(
      { Query: { open: 'public', mine: 'member', staff: { capability: 'view_medel_area' } } },
      { Mutation: { manage: { capability: 'manage_users' } } },
    ),
    { error: (...args: unknown[]) => errors.push(args) } as never,
  );
  // buildSchema has no resolvers: the root value's functions answer through the default resolver.
  const request = { principal: null as unknown };
  const principal = roles && { userId: 3, roles, capabilities: capabilitiesFor(roles) };
  const result = await graphql({
    schema: built,
    source: document,
    rootValue,
    contextValue: { app: { principalOf: async () => principal }, request },
  });
  return { result, errors, request };
}

describe('access rules on GraphQL root fields', () => {
  it('refuses a field without a rule with forbidden, and logs it at start', async () => {
    const { result, errors } = await run('{ forgotten }', ['super_admin']);
    expect(result.data).toEqual({ forgotten: null });
    expect(result.errors?.[0]?.originalError).toMatchObject({ code: 'forbidden', status: 403 });
    expect(JSON.stringify(errors)).toContain('Query.forgotten');
  });

  it('answers a public field to anyone', async () => {
    expect((await run('{ open }', null)).result.data).toEqual({ open: 'hello' });
  });

  it('checks a member rule before the resolver, and keeps the principal for it', async () => {
    const anonymous = await run('{ mine }', null);
    expect(anonymous.result.errors?.[0]?.originalError).toMatchObject({ code: 'unauthorized' });
    const member = await run('{ mine }', ['member']);
    expect(member.result.data).toEqual({ mine: 1 });
    expect(member.request.principal).toMatchObject({ userId: 3 });
  });

  it('checks capabilities: forbidden without, allowed with', async () => {
    const mentor = await run('{ staff }', ['mentor']);
    expect(mentor.result.errors?.[0]?.originalError).toMatchObject({ code: 'forbidden' });
    expect((await run('{ staff }', ['medel_user'])).result.data).toEqual({ staff: 'staff' });
    const member = await run('mutation { manage }', ['area_manager']);
    expect(member.result.errors?.[0]?.originalError).toMatchObject({ code: 'forbidden' });
    expect((await run('mutation { manage }', ['super_admin'])).result.data).toEqual({
      manage: true,
    });
  });

  it('refuses a field declared twice', () => {
    expect(() => mergeAccess({ Query: { a: 'public' } }, { Query: { a: 'member' } })).toThrow(
      /twice/,
    );
  });
});
