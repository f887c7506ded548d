// ESLint flat config for the whole repository (ESLint 10, typescript-eslint 8, no type-aware rules
// so `npm run lint` stays fast).
//
// The folder boundaries of docs/CONVENTIONS.md are enforced by the local rule `attune/boundaries`
// below. It resolves every import specifier (relative paths, `#…` package.json imports, tsconfig
// `paths`, `@/` and `~/` aliases, `@attune/*` workspace names) to a repository path by path
// arithmetic alone, then checks the folder rules. See docs/decisions/0001-tooling.md for why this is
// not eslint-plugin-boundaries or no-restricted-imports.

import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Workspace folders, and the package names they are published under inside the repo. */
const WORKSPACES = {
  'packages/contract': '@attune/contract',
  'apps/server': '@attune/server',
  'apps/web': '@attune/web',
};
const BUILTINS = new Set(builtinModules);
const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

// ---------------------------------------------------------------------------------------------
// Import resolution (no file system look-ups except reading each workspace's alias settings once)
// ---------------------------------------------------------------------------------------------

function readJson(file) {
  try {
    const text = readFileSync(file, 'utf8');
    try {
      return JSON.parse(text);
    } catch {
      // tsconfig files may carry comments and trailing commas.
      const stripped = text
        .replace(/("(?:[^"\\]|\\.)*")|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (m, str) => str ?? '')
        .replace(/,(\s*[}\]])/g, '$1');
      return JSON.parse(stripped);
    }
  } catch {
    return undefined;
  }
}

/** Picks the most useful target out of a package.json `imports` value (string or conditions). */
function pickImportTarget(value) {
  const leaves = [];
  const walk = (v) => {
    if (typeof v === 'string') leaves.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return leaves.find((l) => l.includes('src/')) ?? leaves[0];
}

/** Alias table per workspace: [{ prefix, target (repo-relative), wildcard }]. */
function loadAliases(ws) {
  const aliases = [];
  const add = (key, target, baseDir) => {
    if (typeof target !== 'string') return;
    const wildcard = key.endsWith('*');
    const prefix = wildcard ? key.slice(0, -1) : key;
    const cleanTarget = wildcard ? target.replace(/\*.*$/, '') : target;
    const abs = path.resolve(baseDir, cleanTarget);
    aliases.push({ prefix, wildcard, target: toRepoPath(abs) + (wildcard ? '/' : '') });
  };
  const pkg = readJson(path.join(ROOT, ws, 'package.json'));
  for (const [key, value] of Object.entries(pkg?.imports ?? {})) {
    add(key, pickImportTarget(value), path.join(ROOT, ws));
  }
  const tsconfig = readJson(path.join(ROOT, ws, 'tsconfig.json'));
  const paths = tsconfig?.compilerOptions?.paths ?? {};
  const baseDir = path.resolve(ROOT, ws, tsconfig?.compilerOptions?.baseUrl ?? '.');
  for (const [key, value] of Object.entries(paths)) {
    add(key, Array.isArray(value) ? value[0] : value, baseDir);
  }
  // Common conventions, in case an alias lives only in vite.config.ts or a bundler setting.
  for (const prefix of ['#src/', '@/', '~/']) {
    if (!aliases.some((a) => a.prefix === prefix)) {
      aliases.push({ prefix, wildcard: true, target: `${ws}/src/` });
    }
  }
  // Longest prefix first.
  return aliases.sort((a, b) => b.prefix.length - a.prefix.length);
}

const ALIASES = Object.fromEntries(Object.keys(WORKSPACES).map((ws) => [ws, loadAliases(ws)]));

function toRepoPath(abs) {
  return path.relative(ROOT, abs).split(path.sep).join('/');
}

function workspaceOf(repoPath) {
  return Object.keys(WORKSPACES).find((ws) => repoPath === ws || repoPath.startsWith(`${ws}/`));
}

/**
 * Resolves an import specifier seen in `fromAbs` to one of
 *   { kind: 'local', path }      repo-relative path, extension stripped
 *   { kind: 'builtin', name }    node builtin
 *   { kind: 'external', name }   npm package name
 */
function resolveSpecifier(spec, fromAbs) {
  const local = (abs) => ({ kind: 'local', path: toRepoPath(abs).replace(SOURCE_EXTENSION, '') });
  if (spec.startsWith('.') || spec.startsWith('/')) {
    return local(path.resolve(path.dirname(fromAbs), spec));
  }
  const ws = workspaceOf(toRepoPath(fromAbs));
  for (const alias of ws ? ALIASES[ws] : []) {
    if (alias.wildcard ? spec.startsWith(alias.prefix) : spec === alias.prefix) {
      const rest = alias.wildcard ? spec.slice(alias.prefix.length) : '';
      return local(path.join(ROOT, alias.target, rest));
    }
  }
  for (const [dir, name] of Object.entries(WORKSPACES)) {
    if (spec === name) return local(path.join(ROOT, dir, 'src', 'index'));
    if (spec.startsWith(`${name}/`))
      return local(path.join(ROOT, dir, spec.slice(name.length + 1)));
  }
  if (spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0])) {
    return { kind: 'builtin', name: spec };
  }
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return { kind: 'external', name };
}

// ---------------------------------------------------------------------------------------------
// The folder rules of docs/CONVENTIONS.md
// ---------------------------------------------------------------------------------------------

const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const WEB_FEATURE = /^apps\/web\/src\/features\/([^/]+)(?:\/|$)/;
const WEB_SHARED = /^apps\/web\/src\/(?:components|lib|hooks)(?:\/|$)/;
const WEB_FEATURES_OR_ROUTES = /^apps\/web\/src\/(features|routes)(?:\/|$)/;
const WEB_ROUTES = /^apps\/web\/src\/routes(?:\/|$)/;
const SERVER_MODULE = /^apps\/server\/src\/modules\/([^/]+)(?:\/(.*))?$/;
/** What one server module may import of another. */
const MODULE_PUBLIC_FACES = ['service', 'sql'];
const DB_SCHEMA = /^apps\/server\/src\/db\/schema(?:\/|$)/;
const SERVER_PLUGINS_APP = /^apps\/server\/src\/plugins\/app\//;
const SERVER_PLUGINS_EXTERNAL = /^apps\/server\/src\/plugins\/external\//;
const SERVER_GRAPHQL = /^apps\/server\/src\/graphql\//;
const SERVER_LIB = /^apps\/server\/src\/lib\//;
const SERVER_TEST_SETUP = /^apps\/server\/test\//;
const E2E = /^e2e\//;

/** A module's repository file: `repository.ts`, `*-repository.ts` or anything under `repositories/`. */
function isRepository(modulePath) {
  const base = path.posix.basename(modulePath ?? '');
  return (
    base === 'repository' ||
    /[.-]repository$/.test(base) ||
    /(?:^|\/)repositor(?:y|ies)\//.test(modulePath ?? '')
  );
}

/** Files allowed to import apps/server/src/db/schema. */
function mayImportSchema(from) {
  const base = path.posix.basename(from).replace(SOURCE_EXTENSION, '');
  return (
    from.startsWith('apps/server/src/db/') ||
    from.startsWith('apps/server/drizzle/') ||
    from.startsWith('apps/server/test/') ||
    /^apps\/server\/drizzle\.config\.[cm]?[jt]s$/.test(from) ||
    /(?:^|\/)migrations?\//.test(from) ||
    base === 'repository' ||
    /[.-]repository$/.test(base) ||
    /\/repositor(?:y|ies)\//.test(from) ||
    /^apps\/server\/src\/modules\/[^/]+\/sql\.ts$/.test(from)
  );
}

/** Returns a message when importing `target` from repo path `from` breaks a boundary. */
function checkBoundary(from, target) {
  // packages/contract imports only zod (tests may also use vitest).
  if (from.startsWith('packages/contract/')) {
    if (target.kind === 'local') {
      if (!target.path.startsWith('packages/contract/')) {
        return `packages/contract may import only zod and its own files, not '${target.path}'.`;
      }
      return null;
    }
    const allowed = target.name === 'zod' || (TEST_FILE.test(from) && target.name === 'vitest');
    return allowed ? null : `packages/contract may import only zod, not '${target.name}'.`;
  }
  if (target.kind !== 'local') return null;
  const to = target.path;

  // e2e journeys drive the app through the browser and its public API: besides their helpers they
  // import only the contract, never the apps' sources (docs/ARCHITECTURE.md).
  if (E2E.test(from) && !E2E.test(to) && !to.startsWith('packages/contract/')) {
    return `e2e/ imports only packages/contract and its own helpers, not '${to}': drive the app through the browser or its API.`;
  }

  // The two apps never import each other; both import packages/contract.
  if (from.startsWith('apps/web/') && to.startsWith('apps/server/')) {
    return 'apps/web never imports from apps/server: share it through packages/contract.';
  }
  if (from.startsWith('apps/server/') && to.startsWith('apps/web/')) {
    return 'apps/server never imports from apps/web: share it through packages/contract.';
  }

  // Web: shared folders → features → routes, and features never import each other.
  const fromFeature = from.match(WEB_FEATURE);
  if (fromFeature) {
    const toFeature = to.match(WEB_FEATURE);
    if (toFeature && toFeature[1] !== fromFeature[1]) {
      return `features/${fromFeature[1]} must not import features/${toFeature[1]}: compose them in a route, or move the shared part to src/components, src/hooks or src/lib.`;
    }
    if (WEB_ROUTES.test(to)) {
      return `features/${fromFeature[1]} must not import from src/routes: code flows shared → features → routes.`;
    }
  }
  if (WEB_SHARED.test(from)) {
    const m = to.match(WEB_FEATURES_OR_ROUTES);
    if (m) {
      return `Shared web code (src/components, src/hooks, src/lib) must not import from src/${m[1]}.`;
    }
  }

  // Server: a module reaches another module only through its public faces: service.ts, and
  // sql.ts for the SQL fragments of its rules that other modules' statements use.
  const fromModule = from.match(SERVER_MODULE);
  const toModule = to.match(SERVER_MODULE);
  if (
    fromModule &&
    toModule &&
    fromModule[1] !== toModule[1] &&
    !MODULE_PUBLIC_FACES.includes(toModule[2])
  ) {
    return `modules/${fromModule[1]} may use modules/${toModule[1]} only through modules/${toModule[1]}/service.ts (or its sql.ts), not '${toModule[2] ?? 'index'}'.`;
  }

  // Server: a repository is its own module's business; everything else goes through a service.
  if (toModule && isRepository(toModule[2]) && fromModule?.[1] !== toModule[1]) {
    if (!SERVER_TEST_SETUP.test(from)) {
      return `Only modules/${toModule[1]} uses its repository; go through modules/${toModule[1]}/service.ts.`;
    }
  }
  // Server: what the app plugins, the GraphQL set-up and lib may use of the modules.
  if (toModule && SERVER_PLUGINS_APP.test(from) && toModule[2] !== 'service') {
    return `plugins/app may use modules/${toModule[1]} only through its service.ts, not '${toModule[2] ?? 'index'}'.`;
  }
  if (toModule && SERVER_GRAPHQL.test(from) && !['graphql', 'service'].includes(toModule[2])) {
    return `src/graphql may use modules/${toModule[1]} only through its graphql.ts (or service.ts), not '${toModule[2] ?? 'index'}'.`;
  }
  if (SERVER_PLUGINS_EXTERNAL.test(from) && toModule) {
    return 'plugins/external wraps third-party plugins and imports no module.';
  }
  if (
    SERVER_LIB.test(from) &&
    /^apps\/server\/src\/(?:modules|db|plugins|graphql)(?:\/|$)/.test(to)
  ) {
    return 'src/lib holds plain helpers: it imports the contract and other helpers, never modules, db, plugins or graphql.';
  }

  // Server: only repositories, src/db, migrations and test setup import the table definitions.
  if (DB_SCHEMA.test(to) && !mayImportSchema(from)) {
    return 'src/db/schema is imported only by repository.ts files, src/db/**, migrations and apps/server/test/**: go through a repository.';
  }
  return null;
}

/** Local plugin holding the boundaries rule. */
const attune = {
  meta: { name: 'attune' },
  rules: {
    boundaries: {
      meta: {
        type: 'problem',
        docs: { description: 'Enforce the folder boundaries of docs/CONVENTIONS.md' },
        schema: [],
        messages: { boundary: '{{message}}' },
      },
      create(context) {
        const fromAbs = context.physicalFilename ?? context.filename;
        const from = toRepoPath(fromAbs);
        if (from.startsWith('..')) return {};
        const check = (sourceNode) => {
          if (!sourceNode) return;
          let spec;
          if (sourceNode.type === 'Literal' && typeof sourceNode.value === 'string') {
            spec = sourceNode.value;
          } else if (sourceNode.type === 'TemplateLiteral' && sourceNode.expressions.length === 0) {
            spec = sourceNode.quasis[0].value.cooked;
          } else if (sourceNode.type === 'TSLiteralType') {
            return check(sourceNode.literal);
          }
          if (typeof spec !== 'string' || spec === '') return;
          const message = checkBoundary(from, resolveSpecifier(spec, fromAbs));
          if (message)
            context.report({ node: sourceNode, messageId: 'boundary', data: { message } });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
          TSImportType: (node) => check(node.argument),
          TSExternalModuleReference: (node) => check(node.expression),
          CallExpression: (node) => {
            if (
              node.callee.type === 'Identifier' &&
              node.callee.name === 'require' &&
              node.arguments.length === 1
            ) {
              check(node.arguments[0]);
            }
          },
        };
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Config
// ---------------------------------------------------------------------------------------------

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'tmp/**',
      '**/coverage/**',
      '**/routeTree.gen.ts',
      '**/playwright-report/**',
      '**/test-results/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: globals.node,
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { attune },
    rules: {
      'attune/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // The browser app (its build and test config files run in Node).
    files: ['apps/web/**/*.{ts,tsx,js,jsx}'],
    ignores: ['apps/web/*.config.{ts,js,mjs}'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['apps/web/**/*.{ts,tsx,js,jsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Two habits kept from decision 0017 (see 0018), because they hold under any renderer:
    // - spellcheck is written as the string 'false', which every renderer sets as the attribute
    //   spellcheck="false" (a boolean once silently turned spell checking back on).
    // - Focus moves in an effect (see StepHeading), never through autoFocus, so each screen says
    //   where the focus goes and a test can see it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Property[key.name='spellCheck'][value.type='Literal'][value.raw=/^(true|false)$/]",
          message:
            "Write spellCheck: 'false' (a string), as the rest of the app does (decision 0018).",
        },
        {
          selector:
            "JSXAttribute[name.name='spellCheck'] > JSXExpressionContainer > Literal[raw=/^(true|false)$/]",
          message:
            'Write spellCheck="false" (a string), as the rest of the app does (decision 0018).',
        },
        {
          selector: "JSXAttribute[name.name='autoFocus'], Property[key.name='autoFocus']",
          message:
            'Move the focus in an effect (see StepHeading), not through autoFocus (decision 0018).',
        },
      ],
    },
  },
  {
    // Playwright specs (and the web benchmark) run in Node but pass callbacks that run in the page.
    files: ['e2e/**/*.ts', 'scripts/bench-web.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
