// The create-intent store fails safe: a store that cannot be written refuses the create before its
// request is sent, naming the setting that moves it; one whose intent cannot be removed after a create
// that succeeded says so and lets the create keep its result.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { render } from "../../../provider/diagnostic";
import {
  beginCreate,
  CreateIntentStoreError,
  endCreate,
  mayCommitUntil,
  unfinishedCreate,
} from "../../../provider/engine/create-intents";

let dir: string;
const saved = process.env.TCS_CREATE_INTENTS_DIR;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tcs-intents-unit-"));
});
afterEach(() => {
  process.env.TCS_CREATE_INTENTS_DIR = saved;
  fs.rmSync(dir, { recursive: true, force: true });
});

test("an intent is written before the create and gone after it", () => {
  process.env.TCS_CREATE_INTENTS_DIR = path.join(dir, "intents");
  beginCreate("marker-a", ["cb_before"]);
  expect([...(unfinishedCreate("marker-a")?.before ?? [])]).toEqual(["cb_before"]);
  expect(endCreate("marker-a")).toBeUndefined();
  expect(unfinishedCreate("marker-a")).toBeUndefined();
});

test("a store under a regular file refuses the create, naming TCS_CREATE_INTENTS_DIR and the reason", () => {
  const file = path.join(dir, "file");
  fs.writeFileSync(file, "");
  process.env.TCS_CREATE_INTENTS_DIR = path.join(file, "intents");
  expect(() => beginCreate("marker-b")).toThrow(CreateIntentStoreError);
  expect(() => beginCreate("marker-b")).toThrow(
    new RegExp(
      `ENOTDIR.*Nothing was created\\. Set TCS_CREATE_INTENTS_DIR to a writable directory \\(it is ${path.join(file, "intents")}\\)`,
    ),
  );
});

test("an intent that cannot be removed is reported, not thrown", () => {
  process.env.TCS_CREATE_INTENTS_DIR = dir;
  beginCreate("marker-c");
  const [intent] = fs.readdirSync(dir);
  // Something else now stands where the intent was (a directory cannot be unlinked).
  fs.rmSync(path.join(dir, intent));
  fs.mkdirSync(path.join(dir, intent, "inner"), { recursive: true });
  expect(render(endCreate("marker-c")!)).toMatch(
    new RegExp(`the create finished, but its intent could not be removed from ${dir} \\(E[A-Z]+`),
  );
});

test("a create the service may still commit records until when, and the next run reads it back (issue 58)", () => {
  process.env.TCS_CREATE_INTENTS_DIR = dir;
  beginCreate("marker-late", ["pcfg_before"]);
  const settlesBy = Date.parse("2026-12-06T10:00:00.000Z");
  expect(mayCommitUntil("marker-late", settlesBy)).toBeUndefined();
  const earlier = unfinishedCreate("marker-late");
  expect(earlier?.settlesBy).toBe(settlesBy);
  expect([...(earlier?.before ?? [])]).toEqual(["pcfg_before"]);
  // A create sent afresh writes a new intent: until then it had no answer to wait for.
  beginCreate("marker-late");
  expect(unfinishedCreate("marker-late")?.settlesBy).toBeUndefined();
});

test("a moment that cannot be recorded is said, naming it, for the user to wait it out", () => {
  process.env.TCS_CREATE_INTENTS_DIR = dir;
  expect(render(mayCommitUntil("marker-never-begun", Date.parse("2026-12-06T10:00:00.000Z"))!)).toMatch(
    /may still commit this create until 2026-12-06T10:00:00\.000Z, and that could not be recorded .*ENOENT.*Wait until then/,
  );
});
