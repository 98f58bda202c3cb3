// THIRD-PARTY-NOTICES.txt of a plugin tarball: the licence of the Node.js runtime it embeds (which
// carries those of Node's own dependencies), then each bundled npm package's licence file, whole.
import * as fs from "node:fs";
import * as path from "node:path";

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt))?$/i;

export function thirdPartyNotices(nodeLicense: string, runtimeVersion: string, packages: string[]): string {
  const sections = [`Node.js ${runtimeVersion}\n\n${fs.readFileSync(nodeLicense, "utf8").trim()}`];
  for (const dir of packages) {
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as {
      name: string;
      version: string;
      license?: string;
    };
    const files = fs
      .readdirSync(dir)
      .filter((name) => LICENSE_FILE.test(name))
      .sort();
    if (files.length === 0 && !pkg.license)
      throw new Error(`${pkg.name}@${pkg.version} (${dir}) names no licence: cannot ship it`);
    const texts = files.map((name) => fs.readFileSync(path.join(dir, name), "utf8").trim());
    sections.push([`${pkg.name} ${pkg.version} (${pkg.license ?? "see below"})`, ...texts].join("\n\n"));
  }
  return `${sections.join(`\n\n${"-".repeat(80)}\n\n`)}\n`;
}
