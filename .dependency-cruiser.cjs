/** Imports flow one way: shared ← matching ← api; shared ← web (docs/decisions/001-workspace-and-runtime.md). */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'packages/shared imports no other workspace',
      from: { path: '^packages/shared/' },
      to: { path: '^(packages/matching|apps|e2e)/|node_modules/@kindred/(matching|api|web)' },
    },
    {
      name: 'matching-is-pure',
      severity: 'error',
      comment: 'the engine imports only shared (no server, no I/O)',
      from: { path: '^packages/matching/src/' },
      to: {
        path: [
          '^(apps|e2e)/',
          'node_modules/@kindred/(api|web)',
          '^(node:)?(fs|fs/promises|net|http|https|child_process|dgram)$',
        ],
      },
    },
    // Benchmarks and the quality report may write their figures to a file, but never reach into the server.
    {
      name: 'matching-bench-stays-out-of-apps',
      severity: 'error',
      from: { path: '^packages/matching/bench/' },
      to: { path: '^(apps|e2e)/|node_modules/@kindred/(api|web)' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/api|packages/matching)/|node_modules/@kindred/(api|matching)' },
    },
    {
      name: 'api-never-imports-web',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/web/|node_modules/@kindred/web' },
    },
    // Routes parse, call a service and shape the response; SQL lives in repositories (ADR 011).
    {
      name: 'routes-never-touch-the-database',
      severity: 'error',
      comment: 'a *.routes.ts file imports no db/ module and no repository: it calls a service',
      from: { path: '^apps/api/src/.+\\.routes\\.ts$' },
      to: { path: '^apps/api/src/db/|\\.repository\\.ts$' },
    },
    // A web feature may use another feature's api and components only; what several features need lives in the
    // app-wide lib/ and components/ (ARCHITECTURE.md, issue 27).
    {
      name: 'features-use-other-features-api-and-components-only',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/[^/]+/(?!api/|components/)', pathNot: '^apps/web/src/features/$1/' },
    },
    // A module's repository (its SQL) is private to the module: other modules, plugins, jobs, the seed, the CLI and
    // scripts call the module's service (issues 24 and 27, ADR 011). Sub-folders of a module (appointments/booking)
    // are the same module. What another module's repository composes into one statement (the revoked-session check,
    // the entitlement rule) is a public *.sql.ts fragment of the owning module, not its repository.
    {
      name: 'module-repositories-are-private',
      severity: 'error',
      comment: "a file under apps/api/src/modules/X/ imports only X's own *.repository.ts",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/[^/]+/.+\\.repository\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
    // Tests are the one kind of file outside a module that may: they set rows up and check a repository's SQL
    // directly (the data export's contents, the audit pseudonym), as they did before the rule. So may the
    // benchmarks in scripts/bench*, which time a repository's query by itself.
    {
      name: 'module-repositories-are-private-outside-modules-too',
      severity: 'error',
      comment: 'lib, jobs, plugins, seed, cli and scripts import no module repository; tests and benchmarks may',
      from: {
        path: '^(apps|packages|e2e|scripts)/',
        pathNot: '^apps/api/src/modules/|^apps/api/(test|test-faults)/|\\.test\\.ts$|^scripts/bench',
      },
      to: { path: '^apps/api/src/modules/[^/]+/.+\\.repository\\.ts$' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-server|node_modules|test-results)/' },
    tsPreCompilationDeps: true,
    preserveSymlinks: false,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
