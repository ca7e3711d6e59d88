// ESLint: typescript-eslint's recommended rules and React hooks (exhaustive deps) for the web app.
// Formatting is Prettier's job (`npm run format:check`); eslint-config-prettier switches off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', '**/data/**', '**/test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Ambient declarations describe a library's shape; their names are used by the library, not by us.
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A name on an element with no role is not allowed (axe: aria-prohibited-attr), and Mantine's Skeleton,
      // Loader and layout parts render plain divs and spans. A labelled loading placeholder is LoadingSkeleton.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/^(Skeleton|Loader|Stack|Group|Box|SimpleGrid|Center|Flex|div|span)$/]' +
            ":not(:has(> JSXAttribute[name.name=/^(role|component)$/])) > JSXAttribute[name.name='aria-label']",
          message: 'An aria-label needs a role here (a loading placeholder is LoadingSkeleton, or role="status").',
        },
      ],
    },
  },
  // A spec's own time limit goes through journeyTimeout (e2e/support/time.ts): never below the config's, and scaled by
  // the run's time factor like every other limit (issue 26).
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='test'][callee.property.name='setTimeout'] > Literal",
          message: 'Use test.setTimeout(journeyTimeout(ms)) from e2e/support/time.ts.',
        },
      ],
    },
  },
  // Services and repositories take plain values: the route (or a route helper, `*.http.ts`) adapts the request and
  // the reply (issue 27). Fastify's logger type is fine anywhere.
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.routes.ts', 'apps/api/src/modules/**/*.http.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              importNames: ['FastifyRequest', 'FastifyReply', 'FastifyInstance'],
              message: 'Only routes (*.routes.ts, *.http.ts) handle requests; pass plain values to services.',
            },
          ],
        },
      ],
    },
  },
  // SQL lives only in repositories (ADR 011, issue 27): a service, a route or a helper in a module runs no statement
  // of its own (savepoints too go through db/'s inSavepoint).
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
          message: 'SQL lives in *.repository.ts: call a repository function.',
        },
      ],
    },
  },
  prettier,
  // After eslint-config-prettier, which switches max-len off.
  {
    rules: {
      // Prettier wraps code at 120 columns; this catches what it cannot: comments and strings. Test titles are
      // sentences (Prettier keeps them on the line of `test(`), and template literals cannot be wrapped without
      // changing their text, so both are exempt.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreTemplateLiterals: true,
          ignorePattern: '^\\s*(it|test|describe|await test\\.step)\\(',
        },
      ],
    },
  },
);
