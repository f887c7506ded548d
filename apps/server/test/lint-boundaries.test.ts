import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The folder boundaries of docs/ARCHITECTURE.md, as the lint rule `attune/boundaries` enforces
 * them: probe files (never written to disk) that break a rule get its message; allowed imports
 * get none.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function boundaryMessages(filePath: string, imports: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${imports}\nexport {};\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'attune/boundaries')
    .map((message) => message.message);
}

describe('lint boundaries (attune/boundaries)', () => {
  it.each([
    ['apps/server/src/plugins/app/probe.ts', "import '../../modules/users/repository';"],
    ['apps/server/src/graphql/probe.ts', "import '../modules/users/repository';"],
    ['apps/server/src/lib/probe.ts', "import '../modules/users/repository';"],
    ['apps/server/src/app-probe.ts', "import './modules/auth/repository';"],
  ])('%s may not import a repository', async (file, imports) => {
    const messages = await boundaryMessages(file, imports);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/uses its repository|go through/);
  });

  it.each([
    ['apps/server/src/plugins/app/probe.ts', "import '../../modules/users/privacy';"],
    ['apps/server/src/graphql/probe.ts', "import '../modules/users/privacy';"],
    ['apps/server/src/lib/probe.ts', "import '../modules/users/service';"],
    ['apps/server/src/lib/probe.ts', "import '../db/client';"],
    ['apps/server/src/plugins/external/probe.ts', "import '../../modules/users/service';"],
    ['apps/server/src/modules/posts/probe.ts', "import '../connections/relation';"],
  ])('%s may not use %s', async (file, imports) => {
    expect(await boundaryMessages(file, imports)).toHaveLength(1);
  });

  it.each([
    ['e2e/probe.spec.ts', "import '../apps/web/src/lib/display-name';"],
    ['e2e/probe.spec.ts', "import '../apps/server/src/app';"],
    ['e2e/helpers/probe.ts', "import '../../apps/server/test/app';"],
  ])('%s may not import app sources: %s', async (file, imports) => {
    const messages = await boundaryMessages(file, imports);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^e2e\/ imports only packages\/contract/);
  });

  it('allows what the table allows', async () => {
    const allowed: [string, string][] = [
      ['apps/server/src/plugins/app/probe.ts', "import '../../modules/users/service';"],
      ['apps/server/src/graphql/probe.ts', "import '../modules/users/graphql';"],
      ['apps/server/src/modules/users/probe.ts', "import './repository';"],
      // A module's SQL fragments (sql.ts) are its second public face; they may read the tables.
      ['apps/server/src/modules/posts/probe.ts', "import '../connections/sql';"],
      ['apps/server/src/modules/connections/sql.ts', "import '../../db/schema/index';"],
      ['apps/server/test/probe.ts', "import '../src/modules/users/repository';"],
      ['apps/server/src/lib/probe.ts', "import '@attune/contract';"],
      ['e2e/probe.spec.ts', "import '@attune/contract';\nimport './helpers/axe';"],
    ];
    for (const [file, imports] of allowed)
      expect(await boundaryMessages(file, imports), `${file}: ${imports}`).toEqual([]);
  });
});
