// The import rules of docs/architecture.md, as zones for import-x/no-restricted-paths: files under
// `target` may not import files under `from`. Zones that name features are made from the folders
// that exist, so a new feature is covered the day it is added.
import fs from 'node:fs';
import path from 'node:path';

const foldersIn = (root, dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    : [];

const INFRASTRUCTURE = 'Infrastructure (db, jobs, storage, mail, images, http, lib) knows no feature: pass what it needs in.';

/**
 * The server's features in floors, from the ground up: a feature imports only features on the
 * floors below its own, so no two import each other, directly or through others. A new feature
 * folder takes its place here (lint says so until it has one).
 */
export const FEATURE_FLOORS = [
  ['owner', 'rate-limits'],
  ['auth'],
  ['renditions', 'jobs', 'banner', 'contact', 'webhooks'],
  ['watermarks', 'categories', 'audio'],
  ['photos'],
  ['portfolio', 'uploads'],
  ['galleries', 'statistics'],
  ['backup'],
  ['migrate'],
];

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
    ...['db', 'jobs', 'storage', 'mail', 'images', 'http', 'lib'].map((infra) => ({
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
    // Features stand in floors: none imports one on its own floor or above.
    ...serverFeatures.map((feature) => {
      const floor = FEATURE_FLOORS.findIndex((names) => names.includes(feature));
      const notBelow = floor < 0 ? serverFeatures.filter((other) => other !== feature) : FEATURE_FLOORS.slice(floor).flat().filter((other) => other !== feature);
      return {
        target: `src/server/features/${feature}`,
        from: notBelow.filter((other) => serverFeatures.includes(other)).map((other) => `src/server/features/${other}`),
        message:
          floor < 0
            ? `The feature "${feature}" has no floor yet: give it one in FEATURE_FLOORS (scripts/architecture-zones.js).`
            : 'A feature imports only features on the floors below its own (FEATURE_FLOORS in scripts/architecture-zones.js): none imports one that imports it back.',
      };
    }),
    // Features are below the pages and the entry points, and only routes speak HTTP.
    {
      target: 'src/server/features',
      from: ['web', 'app.ts', 'background-work.ts', 'cli', 'cli.ts', 'main.ts'].map((part) => `src/server/${part}`),
      message: 'A feature knows no page, no entry point and not the app (app.ts): what it needs comes in the context.',
    },
    {
      target: 'src/server/features/**/!(*.routes).ts',
      from: 'src/server/http',
      message: 'Only a feature\'s routes (*.routes.ts) speak HTTP; services and the rest throw domain errors and take plain values.',
    },
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
