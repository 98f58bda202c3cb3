// Toolchain smoke test: the real Pulumi CLI (built from Go modules) runs a tiny program with one
// dynamic resource through up, a no-change preview, refresh, an update and destroy, and a policy pack
// with one mandatory rule blocks a preview that breaks it.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { Stack } from "@pulumi/pulumi/automation";
import { openStack } from "../../scripts/lib/engine";
import { makeScratch, outputCollector, type Scratch } from "../e2e/helpers/workspace";

// The "remote" object is a JSON file, so refresh has something real to read back.
const noteProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    const fsm = require("node:fs");
    fsm.writeFileSync(inputs.file, JSON.stringify({ text: inputs.text }));
    return { id: `note-${Date.now()}`, outs: { file: inputs.file, text: inputs.text } };
  },
  async read(id, props) {
    const fsm = require("node:fs");
    const remote = JSON.parse(fsm.readFileSync(props.file, "utf8"));
    return { id, props: { file: props.file, text: remote.text } };
  },
  async diff(_id, olds, news) {
    return { changes: olds.text !== news.text };
  },
  async update(_id, _olds, news) {
    const fsm = require("node:fs");
    fsm.writeFileSync(news.file, JSON.stringify({ text: news.text }));
    return { outs: { file: news.file, text: news.text } };
  },
  async delete(_id, props) {
    require("node:fs").rmSync(props.file, { force: true });
  },
};

class Note extends pulumi.dynamic.Resource {
  declare readonly text: pulumi.Output<string>;
  constructor(name: string, args: { file: string; text: string }) {
    super(noteProvider, name, args, {}, "smoke", "Note");
  }
}

function program(file: string, text: string) {
  return async () => {
    const note = new Note("note", { file, text });
    return { text: note.text };
  };
}

describe("the real Pulumi engine", () => {
  let scratch: Scratch;
  let remoteFile: string;
  const openWith = (text: string): Promise<Stack> =>
    openStack({ program: program(remoteFile, text), workDir: scratch.dir, stackName: "smoke", backendDir: scratch.backendDir });

  beforeAll(() => {
    scratch = makeScratch("smoke");
    remoteFile = path.join(scratch.dir, "remote-note.json");
  });
  afterAll(() => scratch.remove());

  it("is the pinned CLI", async () => {
    const stack = await openWith("hello");
    const version = String(stack.workspace.pulumiVersion).replace(/^v/, "");
    console.log(`pulumi CLI ${version}`);
    expect(version).toBe("3.259.0");
  });

  it("runs up, a no-change preview, refresh, an update and destroy", async () => {
    let stack = await openWith("hello");
    const up = await stack.up();
    expect(up.summary.result).toBe("succeeded");
    expect(up.summary.resourceChanges).toMatchObject({ create: 2 });
    expect(up.outputs.text.value).toBe("hello");
    expect(JSON.parse(fs.readFileSync(remoteFile, "utf8"))).toEqual({ text: "hello" });

    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 2 });

    // An out-of-band change shows up in state after refresh.
    fs.writeFileSync(remoteFile, JSON.stringify({ text: "changed by hand" }));
    const refresh = await stack.refresh();
    expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
    const exported = await stack.exportStack();
    const note = exported.deployment.resources.find((r: { type: string }) => r.type === "pulumi-nodejs:dynamic/smoke:Note");
    expect(note.outputs.text).toBe("changed by hand");

    stack = await openWith("updated");
    const update = await stack.up();
    expect(update.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(JSON.parse(fs.readFileSync(remoteFile, "utf8"))).toEqual({ text: "updated" });

    const destroy = await stack.destroy();
    expect(destroy.summary.resourceChanges).toMatchObject({ delete: 2 });
    expect(fs.existsSync(remoteFile)).toBe(false);
  });

  it("blocks a preview that breaks a mandatory policy", async () => {
    const pack = path.join(__dirname, "..", "e2e", "fixtures", "smoke-policy");
    const output = outputCollector();
    const stack = await openWith("forbidden");
    await expect(stack.preview({ policyPacks: [pack], onOutput: output.onOutput })).rejects.toThrow();
    expect(output.text()).toMatch(/no-forbidden-text/);
    expect(output.text()).toMatch(/note text must not be 'forbidden'/);

    const allowed = await openWith("fine");
    const ok = await allowed.preview({ policyPacks: [pack] });
    expect(ok.changeSummary).toMatchObject({ create: 2 });
  });
});
