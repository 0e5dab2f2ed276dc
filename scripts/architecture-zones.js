// The import rules of docs/architecture.md, as zones for import-x/no-restricted-paths: files under
// `target` may not import files under `from`. Zones that name features are made from the folders
// that exist, so a new feature is covered the day it is added.
import fs from 'node:fs';
import path from 'node:path';

const foldersIn = (root, dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    : [];

const INFRASTRUCTURE = 'Infrastructure (db, storage, mail, images, http, lib) knows no feature: pass what it needs in.';

/** @returns {Array<{ target: string | string[], from: string | string[], except?: string[], message: string }>} */
export function architectureZones(root) {
  const serverFeatures = foldersIn(root, 'src/server/features');
  const clientFeatures = foldersIn(root, 'src/client/features');
  return [
    // The two sides meet only in the contract.
    { target: 'src/client', from: 'src/server', message: 'The client never imports the server; they meet in src/contract.' },
    { target: 'src/server', from: 'src/client', message: 'The server never imports the client; they meet in src/contract.' },
    { target: 'src/contract', from: ['src/server', 'src/client', 'tests'], message: 'The contract imports neither side.' },
    { target: 'src', from: ['tests', 'bench'], except: [], message: 'Product code never imports tests or benchmarks.' },
    // Server layers: infrastructure knows no feature, no page and no entry point.
    ...['db', 'storage', 'mail', 'images', 'http', 'lib'].map((infra) => ({
      target: `src/server/${infra}`,
      from: [
        ...(infra === 'db' ? [] : ['src/server/features']),
        ...['web', 'app.ts', 'app-context.ts', 'cli', 'cli.ts', 'main.ts'].map((part) => `src/server/${part}`),
      ],
      message: INFRASTRUCTURE,
    })),
    // lib/ is the ground floor: errors, escaping and header values that every part may use.
    { target: 'src/server/lib', from: 'src/server', except: ['./lib'], message: 'lib/ imports nothing of the server: every other part stands on it.' },
    // Only the HTTP layer turns a domain error into a status code.
    {
      target: ['src/server/features/**/*.service.ts', 'src/server/images'],
      from: 'src/server/http',
      message: 'Services and the image pipeline throw domain errors (lib/errors.ts); only the HTTP layer knows status codes.',
    },
    // Only db/ may name the feature tables, to gather them into the one Database type (Kysely's pattern).
    { target: 'src/server/db', from: ['src/server/features/**/!(*.table).ts'], message: INFRASTRUCTURE },
    // A feature calls another feature's service, never its repository or its tables' SQL.
    ...serverFeatures.map((feature) => ({
      target: `src/server/features/${feature}`,
      from: serverFeatures.filter((other) => other !== feature).map((other) => `src/server/features/${other}/*.repository.ts`),
      message: "A feature calls another feature's service, never its repository.",
    })),
    // Client layers: app/ composes features; features stand beside each other; components/ and lib/ serve all.
    { target: 'src/client/features', from: 'src/client/app', message: 'A client feature never imports app/: app/ composes the features.' },
    {
      target: ['src/client/components', 'src/client/lib'],
      from: ['src/client/features', 'src/client/app'],
      message: 'components/ and lib/ serve every feature and know none of them, nor app/.',
    },
    // A client feature uses another only through what that one's index.ts exports.
    ...clientFeatures.flatMap((feature) =>
      clientFeatures
        .filter((other) => other !== feature)
        .map((other) => ({
          target: `src/client/features/${feature}`,
          from: `src/client/features/${other}`,
          except: ['./index.ts'],
          message: "A client feature uses another feature only through its index.ts, never its internals.",
        })),
    ),
  ].filter((zone) => (Array.isArray(zone.from) ? zone.from.length > 0 : true));
}
