import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

/** What `builds/latest.json` holds: the id of the newest deployed build and when it was built. */
export interface LatestBuild {
  id: string;
  timestamp: string;
}

/** `builds/meta/{id}.json`: the build's id and time plus what it consists of (for diagnostics). */
export interface BuildMeta extends LatestBuild {
  /** The JavaScript entry files of the build (what index.html loads). */
  entries: string[];
  /** Number of files Vite wrote. */
  files: number;
}

/** Name of the compile-time constant holding the build id (declared in the web app's code). */
export const BUILD_ID_CONSTANT = '__ATTUNE_BUILD_ID__';

/** The id every dev server reports, so the new-build check never reloads during development. */
export const DEV_BUILD_ID = 'dev';

export interface BuildManifestOptions {
  /** Fixed id (tests); by default a random id per build. */
  id?: string;
  now?: () => Date;
}

/**
 * Gives every build an id, compiles it into the app (`define`) and writes `builds/latest.json` and
 * `builds/meta/{id}.json` into the output, so a running app can notice that a newer build was
 * deployed. The id is random rather than a content hash because `define` needs it before bundling.
 */
export function buildManifest(options: BuildManifestOptions = {}): Plugin {
  const now = options.now ?? (() => new Date());
  let latest: LatestBuild = { id: DEV_BUILD_ID, timestamp: now().toISOString() };
  return {
    name: 'attune-build-manifest',
    config(_config, env) {
      latest = {
        id: env.command === 'build' ? (options.id ?? randomBytes(8).toString('hex')) : DEV_BUILD_ID,
        timestamp: now().toISOString(),
      };
      return { define: { [BUILD_ID_CONSTANT]: JSON.stringify(latest.id) } };
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        if (path !== '/builds/latest.json' && path !== `/builds/meta/${latest.id}.json`) {
          return next();
        }
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(JSON.stringify(latest));
      });
    },
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle);
      const meta: BuildMeta = {
        ...latest,
        entries: chunks
          .filter((chunk) => chunk.type === 'chunk' && chunk.isEntry)
          .map((chunk) => chunk.fileName),
        files: chunks.length,
      };
      // The app reads the meta file of a new id before it reloads, so a latest.json that points
      // at a build whose files are not (all) deployed yet does not make it reload into a 404.
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${latest.id}.json`,
        source: `${JSON.stringify(meta, null, 2)}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify(latest)}\n`,
      });
    },
  };
}
