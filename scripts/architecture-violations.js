// One planted violation per rule of the house (docs/architecture.md): `npm run lint`
// (scripts/lint.mjs) lints each `code` as if it stood at `file` and fails unless a message
// matches `expected`, so a rule that stops firing (a renamed folder, a broken resolver) fails
// lint instead of going quiet. A new rule adds its case here: a real file to stand in, the
// smallest code that breaks the rule, and the words of the message it must give.

/** @type {Array<{ rule: string, file: string, code: string, expected: RegExp }>} */
export const plantedViolations = [
  {
    rule: 'the client never imports the server',
    file: 'src/client/lib/utils.ts',
    code: "import { loadConfig } from '#server/config.ts';\nexport const config = loadConfig;\n",
    expected: /no-restricted-paths: .*client never imports the server/,
  },
  {
    rule: 'the server never imports the client',
    file: 'src/server/clock.ts',
    code: "import { cn } from '#client/lib/utils.ts';\nexport const join = cn;\n",
    expected: /no-restricted-paths: .*server never imports the client/,
  },
  {
    rule: 'the contract imports neither side',
    file: 'src/contract/common.ts',
    code: "import type { Config } from '#server/config.ts';\nexport type C = Config;\n",
    expected: /no-restricted-paths: .*contract imports neither side/,
  },
  {
    rule: 'the contract uses no Node module',
    file: 'src/contract/common.ts',
    code: "import fs from 'node:fs';\nexport const read = fs.readFileSync;\n",
    expected: /no-nodejs-modules/,
  },
  {
    rule: 'product code never imports tests',
    file: 'src/server/clock.ts',
    code: "import { OWNER } from '#tests/setup/test-app.ts';\nexport const owner = OWNER;\n",
    expected: /no-restricted-paths: .*never imports tests/,
  },
  {
    rule: 'infrastructure knows no feature',
    file: 'src/server/storage/file-names.ts',
    code: "import { photosRoutes } from '#server/features/photos/photos.routes.ts';\nexport const routes = photosRoutes;\n",
    expected: /no-restricted-paths: .*Infrastructure .* knows no feature/,
  },
  {
    rule: 'infrastructure never imports the application context',
    file: 'src/server/mail/templates.ts',
    code: "import type { AppContext } from '#server/app-context.ts';\nexport type C = AppContext;\n",
    expected: /no-restricted-paths: .*Infrastructure .* knows no feature/,
  },
  {
    rule: 'lib imports nothing of the server',
    file: 'src/server/lib/html.ts',
    code: "import { systemClock } from '#server/clock.ts';\nexport const clock = systemClock;\n",
    expected: /no-restricted-paths: .*lib\/ imports nothing of the server/,
  },
  {
    rule: 'a service throws domain errors, never HTTP ones',
    file: 'src/server/features/categories/categories.service.ts',
    code: "import { HttpError } from '#server/http/http-error.ts';\nexport const fail = () => new HttpError(404, 'gone');\n",
    expected: /no-restricted-paths: .*only the HTTP layer knows status codes/,
  },
  {
    rule: 'the image pipeline throws domain errors, never HTTP ones',
    file: 'src/server/images/image-pipeline.ts',
    code: "import { STATUS_OF } from '#server/http/http-error.ts';\nexport const statuses = STATUS_OF;\n",
    expected: /no-restricted-paths: .*only the HTTP layer knows status codes/,
  },
  {
    rule: "a feature never calls another feature's repository",
    file: 'src/server/features/categories/categories.service.ts',
    code: "import { insertPhoto } from '#server/features/photos/photos.repository.ts';\nexport const insert = insertPhoto;\n",
    expected: /no-restricted-paths: .*another feature's service, never its repository/,
  },
  {
    rule: 'no import circle',
    file: 'src/server/clock.ts',
    code: "import { buildApp } from '#server/app.ts';\nexport const build = buildApp;\nexport const systemClock = () => new Date();\n",
    expected: /no-cycle/,
  },
  {
    rule: 'an import that leaves its folder uses an alias',
    file: 'src/server/features/photos/photos.service.ts',
    code: "import { systemClock } from '../../clock.ts';\nexport const clock = systemClock;\n",
    expected: /no-restricted-imports: .*uses an alias/,
  },
  {
    rule: 'an import one folder up uses an alias',
    file: 'src/server/features/photos/photos.service.ts',
    code: "import { systemClock } from '../clock.ts';\nexport const clock = systemClock;\n",
    expected: /no-restricted-imports: .*uses an alias/,
  },
  {
    rule: 'a dynamic import that leaves its folder uses an alias',
    file: 'src/client/app/portfolio/lazy-dialogs.tsx',
    code: "export const load = () => import('../routes/gallery.tsx');\n",
    expected: /no-restricted-syntax: .*uses an alias/,
  },
  {
    rule: 'a feature knows no page',
    file: 'src/server/features/photos/photos.service.ts',
    code: "import { registerWeb } from '#server/web/web.ts';\nexport const web = registerWeb;\n",
    expected: /no-restricted-paths: .*A feature knows no page/,
  },
  {
    rule: 'a feature knows not the app, even for a type',
    file: 'src/server/features/photos/photos.service.ts',
    code: "import type { AppOptions } from '#server/app.ts';\nexport type Options = AppOptions;\n",
    expected: /no-restricted-paths: .*A feature knows no page, no entry point and not the app/,
  },
  {
    rule: 'only routes speak HTTP',
    file: 'src/server/features/photos/photo-bulk-order.ts',
    code: "import { HttpError } from '#server/http/http-error.ts';\nexport const fail = HttpError;\n",
    expected: /no-restricted-paths: .*Only a feature's routes/,
  },
  {
    rule: 'a feature imports no feature on its floor or above',
    file: 'src/server/features/renditions/renditions.service.ts',
    code: "import { getPhoto } from '#server/features/photos/photos.service.ts';\nexport const read = getPhoto;\n",
    expected: /no-restricted-paths: .*floors below its own/,
  },
  {
    rule: 'an import into a subfolder uses an alias too',
    file: 'src/server/app.ts',
    code: "import { loadConfig } from './db/database.ts';\nexport const load = loadConfig;\n",
    expected: /no-restricted-imports: .*uses an alias/,
  },
  {
    rule: "a client feature never reaches into another feature's internals",
    file: 'src/client/features/music/components/play-overlay.tsx',
    code: "import { placeholderColor } from '#client/features/photos/lib/placeholder.ts';\nexport const colour = placeholderColor;\n",
    expected: /no-restricted-paths: .*only through its index.ts/,
  },
  {
    rule: 'a client feature never imports app/',
    file: 'src/client/features/photos/components/share-button.tsx',
    code: "import { AppLayout } from '#client/app/layout.tsx';\nexport const Layout = AppLayout;\n",
    expected: /no-restricted-paths: .*never imports app\//,
  },
  {
    rule: 'client components/ know no feature',
    file: 'src/client/components/confirm-dialog.tsx',
    code: "import { useAuth } from '#client/features/auth/index.ts';\nexport const auth = useAuth;\n",
    expected: /no-restricted-paths: .*components\/ and lib\/ serve every feature/,
  },
  {
    rule: 'client lib/ knows no app/',
    file: 'src/client/lib/utils.ts',
    code: "import { AppRouter } from '#client/app/router.tsx';\nexport const router = AppRouter;\n",
    expected: /no-restricted-paths: .*components\/ and lib\/ serve every feature/,
  },
];
