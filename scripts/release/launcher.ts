// The file the engine starts on Linux and macOS, `pulumi-resource-tcs`: a POSIX sh script that execs
// the executable beside it when this machine is the platform that executable was built for, and
// otherwise says in one line which tarball to install instead. The kernel refuses another platform's
// executable ("exec format error"), which the engine reports without saying what to do. Only shell
// built-ins, the kernel's /proc/sys/kernel/arch on a recent Linux and `uname` elsewhere (/usr/bin or
// /bin on every Linux and macOS): no node, nothing on PATH needed. Windows has no launcher: the
// engine starts pulumi-resource-tcs.exe, which no other platform's engine looks for.
import type { Platform } from "./platforms";

export function launcherScript(platform: Platform, version: string): string {
  if (!platform.uname) throw new Error(`${platform.pulumi} has no launcher`);
  const tarball = (pulumi: string) => `pulumi-resource-tcs-v${version}-${pulumi}.tar.gz`;
  return `#!/bin/sh
# pulumi-resource-tcs v${version} for ${platform.pulumi}, as the Pulumi engine starts it: the executable
# beside this script is the plugin, with its own Node.js runtime (nothing else to install).
# The machine as \`uname -sm\` names it. On Linux 6.1 and later, from the kernel's file, with no
# process to start: the engine waits for this script on every run. Otherwise from uname, by its
# path first: the engine may run plugins with a PATH that has none.
if [ -r /proc/sys/kernel/arch ] && read -r arch < /proc/sys/kernel/arch; then
  machine="Linux $arch"
else
  for uname in /usr/bin/uname /bin/uname uname; do
    machine="$("$uname" -sm 2>/dev/null)" && break
  done
fi
case "$machine" in
  ${platform.uname.map((name) => `"${name}"`).join(" | ")} | "")
    exec "\${0%/*}/${platform.executable}-${platform.pulumi}" "$@" ;;
esac
case "$machine" in
  "Linux x86_64") found=linux-amd64 ;;
  "Linux aarch64" | "Linux arm64") found=linux-arm64 ;;
  "Darwin x86_64") found=darwin-amd64 ;;
  "Darwin arm64") found=darwin-arm64 ;;
  *) found="$machine" ;;
esac
echo "pulumi-resource-tcs v${version} is the ${platform.pulumi} build (${tarball(platform.pulumi)}) and this machine is $found: run pulumi plugin rm resource tcs ${version} --yes, then pulumi plugin install resource tcs ${version} --file ${tarball("$found")}" >&2
exit 1
`;
}
