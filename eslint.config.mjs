// Lint: the recommended rules of ESLint and typescript-eslint over every TypeScript file of the
// repository (sources, tests, scripts, examples). Formatting is Prettier's (.prettierrc.json), not
// ESLint's. `npm test` runs both; `npm run lint:fix` applies what can be fixed.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "node_modules/**",
      ".tcs/**",
      ".pulumi/**",
      "**/node_modules/**",
      "test/golden/observed/**",
      "sdks/**",
      "codegen/examples/generated/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks what is unused on purpose (a destructured key left out, a parameter a signature needs).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
    },
  },
  {
    // Type-aware rules for the shipped sources only (tests, scripts and examples stay untyped, to keep
    // lint fast): a promise nobody awaits loses its rejection, and one passed where a void callback is
    // expected (an event handler, a timer) throws into nothing. `void p` marks a deliberate
    // fire-and-forget, with a comment saying why it is safe. The types come from tsconfig.build.json
    // (these four folders only: a third less lint time than the whole tsconfig.json program).
    files: ["provider/**/*.ts", "sdk/**/*.ts", "emulator/**/*.ts", "policy/**/*.ts"],
    languageOptions: { parserOptions: { project: "./tsconfig.build.json", tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Tests read loosely typed JSON (records, engine events) and build deliberately bad input; they
    // require modules at run time to load them afresh or by the package's own name.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // CommonJS files (test fixtures run by node as they are).
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // A resource class merges with an interface of its outputs (derived from its shape): the engine
    // sets them at run time, and a class cannot declare mapped properties.
    files: ["provider/dynamic/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-declaration-merging": "off",
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    // Tests other than end-to-end ones import the code under test by relative path; only programs run
    // by the engine (test/e2e) import the package by the names its users write.
    files: ["test/unit/**/*.ts", "test/integration/**/*.ts", "test/model/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["pulumi-tcs", "pulumi-tcs/*"],
              message: "import the code under test by relative path (only test/e2e imports the package)",
            },
          ],
        },
      ],
    },
  },
);
