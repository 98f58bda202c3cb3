// Every example of the package (codegen/examples/<name>.pp, generated in every language into
// codegen/examples/generated/ by npm run codegen, and shown in the SDKs' doc comments and
// docs/reference/) is checked as far as this machine can: the TypeScript type-checked, strict, against
// the generated Node SDK; the Go compiled against the generated Go SDK; the Python byte-compiled; and
// each resource's and function's YAML run with `pulumi preview` on the real YAML language host against
// the emulator: a resource's must plan its creates with no error, a function's read the fixtures, the
// explicit provider's, set up as its page says, plan with no warning. The C# is not compiled: there is
// no .NET SDK here (docs/reference/README.md says so). npm test runs them all but the Go, which npm run
// test:long compiles (test/long/examples-deeper.test.ts; test/e2e/helpers/long-split.ts); npm test's
// test/e2e/native-go.test.ts builds a program against the same Go SDK.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import * as yaml from "js-yaml";
import type { RunningEmulator } from "pulumi-tcs/emulator";
import { readExample } from "../../codegen/schema/examples";
import { SHAPES } from "../../provider/shapes";
import { REPO_ROOT } from "../lib/engine";
import { installNodeSdk, NODE_PROGRAM_TSC_ARGS, runTsc } from "../lib/node-sdk";
import { describeInNpmTest, testInLong, testInNpmTest } from "./helpers/long-split";
import { startTestEmulator } from "./helpers/tcs-stack";
import { attempt, makeScratch, outputCollector, type Scratch } from "./helpers/workspace";
import { yamlProgramHead, yamlProject } from "./helpers/yaml-project";

const GENERATED = path.join(REPO_ROOT, "codegen", "examples", "generated");
const EXAMPLES = fs.readdirSync(GENERATED).sort();
const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "provider", "native", "schema.json"), "utf8")) as {
  resources: Record<string, unknown>;
};
const RESOURCES = Object.keys(SCHEMA.resources).map((token) => token.split(":")[2]);

const run = promisify(execFile);
let scratch: Scratch;

/** Each example's program in `language`'s file, copied to <scratch>/<language>/<example>/<file>. */
function copyPrograms(language: string, file: string): string {
  const dir = path.join(scratch.dir, language);
  for (const example of EXAMPLES) {
    fs.mkdirSync(path.join(dir, example), { recursive: true });
    fs.copyFileSync(path.join(GENERATED, example, file), path.join(dir, example, file));
  }
  return dir;
}

beforeAll(() => {
  scratch = makeScratch("examples");
});

afterAll(() => scratch?.remove());

testInNpmTest("there is an example of every resource and every function, and of the explicit provider", () => {
  const functions = Object.keys(
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "provider", "native", "schema.json"), "utf8")).functions,
  );
  expect(EXAMPLES).toEqual([...RESOURCES, ...functions.map((token) => token.split(":")[2]), "Provider"].sort());
});

testInNpmTest("every TypeScript example type-checks, strict, against the generated Node SDK", async () => {
  const dir = copyPrograms("typescript", "index.ts");
  await installNodeSdk(dir);
  const files = EXAMPLES.map((example) => path.join(dir, example, "index.ts"));
  // --skipLibCheck: the examples are checked whole; the declaration files they import are not checked
  // again (the SDK's were just compiled from its checked sources; @pulumi/pulumi's are its own), which
  // took two thirds of the check.
  await runTsc([...NODE_PROGRAM_TSC_ARGS, "--noEmit", "--skipLibCheck", ...files]);
});

// In npm run test:long only (test/long/examples-deeper.test.ts).
testInLong("every Go example compiles against the generated Go SDK", async () => {
  // One package of all the examples, each program's main renamed after it: compiled once, a few seconds
  // (thirteen main packages each load the SDK's and pulumi's export data, and link: minutes on 2 cores).
  const dir = path.join(scratch.dir, "go");
  fs.mkdirSync(path.join(dir, "examples"), { recursive: true });
  for (const example of EXAMPLES) {
    const source = fs.readFileSync(path.join(GENERATED, example, "main.go"), "utf8");
    expect(source).toMatch(/^package main$/m);
    expect(source).toMatch(/^func main\(\) \{$/m);
    const renamed = source
      .replace(/^package main$/m, "package examples")
      .replace(/^func main\(\) \{$/m, `func example${example}() {`);
    fs.writeFileSync(path.join(dir, "examples", `${example}.go`), renamed);
  }
  // The Go quickstart's module (examples/go): the same pinned modules, and the SDK of this repository.
  const goMod = fs
    .readFileSync(path.join(REPO_ROOT, "examples", "go", "go.mod"), "utf8")
    .replace(/^module .*$/m, "module example.com/tcs-examples")
    .replace(/=> \.\.\/\.\.\/sdks\/go$/m, `=> ${path.join(REPO_ROOT, "sdks", "go")}`);
  fs.writeFileSync(path.join(dir, "go.mod"), goMod);
  fs.copyFileSync(path.join(REPO_ROOT, "examples", "go", "go.sum"), path.join(dir, "go.sum"));
  // -mod=mod: an example may need a package of the pinned modules the quickstart does not (config).
  await run("go", ["build", "-mod=mod", "./..."], { cwd: dir, maxBuffer: 16 << 20 });
});

testInNpmTest("every Python example byte-compiles", async () => {
  const dir = copyPrograms("python", "__main__.py");
  await run("python3", ["-m", "py_compile", ...EXAMPLES.map((example) => path.join(dir, example, "__main__.py"))]);
});

/** Main.yaml is the program as the docs show it; a project adds its name, runtime and the plugin (the README's layout). */
function projectOf(example: string, main: string): string {
  return yamlProgramHead("example-" + example.toLowerCase()) + main;
}

interface Main {
  config?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  resources?: Record<string, { type: string; properties?: Record<string, unknown> }>;
  outputs?: Record<string, unknown>;
}

/** An example's Main.yaml, its resources, variables and outputs renamed `<example><Name>` (and every reference to them). */
function renamedExample(example: string): Main {
  const main = yaml.load(fs.readFileSync(path.join(GENERATED, example, "Main.yaml"), "utf8")) as Main;
  const prefix = example[0].toLowerCase() + example.slice(1);
  const rename = (name: string) => prefix + name[0].toUpperCase() + name.slice(1);
  const names = [...Object.keys(main.resources ?? {}), ...Object.keys(main.variables ?? {})];
  let text = JSON.stringify(main);
  for (const name of names) text = text.replace(new RegExp(`\\$\\{${name}(?=[.\\[}])`, "g"), `\${${rename(name)}`);
  const renamed = JSON.parse(text) as Main;
  const keysRenamed = (record: Record<string, any> | undefined) =>
    record === undefined
      ? undefined
      : Object.fromEntries(Object.entries(record).map(([name, value]) => [rename(name), value]));
  return {
    config: renamed.config,
    variables: keysRenamed(renamed.variables),
    resources: keysRenamed(renamed.resources),
    outputs: keysRenamed(renamed.outputs),
  };
}

/** The objects an example's resources declare that one program may declare once: each resource's natural key, with its values. */
function naturalKeys(main: Main): string[] {
  return Object.values(main.resources ?? {}).flatMap(({ type, properties = {} }) => {
    const kind = type.split(":")[1] as keyof typeof SHAPES;
    const key = SHAPES[kind]?.naturalKey;
    return key === undefined ? [] : [`${kind} ${JSON.stringify(key.map((field) => properties[field]))}`];
  });
}

/** The examples in programs, in order, each example in the first program none of whose natural keys it declares again: [names, examples]. */
function programsOf(examples: string[]): Array<[string, string[]]> {
  const programs: Array<{ examples: string[]; keys: Set<string> }> = [];
  for (const example of examples) {
    const keys = naturalKeys(renamedExample(example));
    let program = programs.find((candidate) => keys.every((key) => !candidate.keys.has(key)));
    if (program === undefined) programs.push((program = { examples: [], keys: new Set() }));
    program.examples.push(example);
    for (const key of keys) program.keys.add(key);
  }
  return programs.map(({ examples: these }) => [these.join(", "), these]);
}

/** The examples as one program: its Main.yaml, its number of resources, and the functions' outputs. */
function merged(examples: string[]): { main: Main; resources: number; functionOutputs: string[] } {
  const mains = examples.map((example) => [example, renamedExample(example)] as const);
  const join = (part: keyof Main) =>
    Object.assign({}, ...mains.map(([, main]) => main[part] ?? {})) as Record<string, any>;
  const main: Main = { variables: join("variables"), resources: join("resources"), outputs: join("outputs") };
  for (const [part, record] of Object.entries(main))
    if (Object.keys(record).length === 0) delete main[part as keyof Main];
  expect(mains.filter(([, one]) => one.config !== undefined).map(([example]) => example)).toEqual([]);
  return {
    main,
    resources: Object.keys(main.resources ?? {}).length,
    functionOutputs: mains
      .filter(([example]) => example.startsWith("get"))
      .flatMap(([, one]) => Object.keys(one.outputs ?? {})),
  };
}

describeInNpmTest(
  "each resource's and function's YAML example, and the explicit provider's, previewed against the emulator on the real YAML language host",
  () => {
    let emulator: RunningEmulator;
    beforeAll(async () => {
      emulator = await startTestEmulator();
    });
    afterAll(async () => {
      await emulator?.close();
    });

    // The functions' examples read the emulator's fixtures; getCallbackEvents reads a callback named in
    // config, which has no events until the service delivers some, so its first event is not there to read.
    const FUNCTIONS = EXAMPLES.filter((example) => example.startsWith("get") && example !== "getCallbackEvents");

    // The resources' and functions' examples previewed together, as few programs as they fit in: the Go
    // examples are compiled as one package for the same reason (a preview on the real engine and YAML
    // host takes seconds; thirteen of them took a minute and a half on a loaded machine). Each example's
    // names are its own (renamed `<example><Name>`), and two examples that declare the same object (a
    // callback of the same integration provider, a role of the same slug: a natural key, which one program
    // may declare once) go in different programs.
    it.each(programsOf([...RESOURCES, ...FUNCTIONS]))(
      "%s: resources plan their creates, functions read the fixtures, in a preview with no error",
      async (_names, examples) => {
        const program = merged(examples);
        const project = await yamlProject(
          `examples-${examples[0].toLowerCase()}`,
          emulator,
          projectOf(examples[0], yaml.dump(program.main)),
        );
        try {
          const printed = outputCollector();
          const preview = await project.stack.preview({ onOutput: printed.onOutput });
          // The stack and every resource of the examples.
          expect(preview.changeSummary).toEqual({ create: program.resources + 1 });
          expect(printed.text()).not.toMatch(/error/i);
          // Each function ran at preview: its output is a value read from the fixtures, not an unknown
          // (the engine pads the outputs' names to one width).
          const read = program.functionOutputs.filter((output) =>
            new RegExp(`^\\s*${output}\\s*: "[^"]+"$`, "m").test(printed.text()),
          );
          expect(read).toEqual(program.functionOutputs);
        } finally {
          project.scratch.remove();
        }
      },
    );

    // The explicit provider's example reads its staging environment from config: set up as its page's
    // "Before you run it" line says (the emulator's development environment as staging), its YAML runs
    // with no warning (a root-level `configuration:` key would draw a deprecation warning on every run),
    // and the key, declared secret, is refused when set in clear.
    it("Provider: set up as its page says, plans its creates with no warning, and refuses its key set in clear", async () => {
      const { setup } = readExample("Provider");
      const commands = [...(setup ?? "").matchAll(/`pulumi config set (--secret )?(\w+) [^`]+`/g)];
      expect(commands.map(([, secret, key]) => `${secret ?? ""}${key}`)).toEqual([
        "stagingBaseUrl",
        "--secret stagingApiKey",
      ]);
      const values: Record<string, string> = {
        stagingBaseUrl: emulator.url,
        stagingApiKey: emulator.keys.development.secret,
      };
      const main = fs.readFileSync(path.join(GENERATED, "Provider", "Main.yaml"), "utf8");
      const declared = Object.keys((yaml.load(main) as { resources: Record<string, unknown> }).resources);
      const project = await yamlProject("example-provider", emulator, projectOf("Provider", main));
      try {
        for (const [, secret, key] of commands)
          await project.stack.setConfig(key, { value: values[key], secret: secret !== undefined });
        const printed = outputCollector();
        const preview = await project.stack.preview({ onOutput: printed.onOutput });
        expect(preview.changeSummary).toEqual({ create: declared.length + 1 });
        expect(printed.text()).not.toMatch(/error|warning|deprecated/i);

        await project.stack.setConfig("stagingApiKey", { value: values.stagingApiKey, secret: false });
        const refused = await attempt((onOutput) => project.stack.preview({ onOutput }));
        expect(refused).toContain("configuration key 'stagingApiKey' must be encrypted as it's secret");
      } finally {
        project.scratch.remove();
      }
    });
  },
);
