// Who started the plugin executable, from its arguments: the engine, to serve the provider, or a user,
// to run one of the project's commands (entry.ts). The engine passes its own address last, after flags
// of its own when `pulumi` runs with --logflow or --tracing (`--logtostderr`, `-v=<n>`,
// `--tracing <endpoint>`: buildPluginArguments in Pulumi v3.259's sdk/go/common/resource/plugin/plugin.go).
// Anything else is a user's, and the commands answer it: before, any word that was not a command was
// taken for an engine address, and a mistyped `drfit` or a `--version` exited 1 with nothing said.

/** An engine address as Pulumi writes it, `127.0.0.1:<port>` (any host, or a bracketed IPv6 one). */
const ADDRESS = /^(?:\[[\da-fA-F:.]+\]|[\w.-]+):\d{1,5}$/;

/**
 * The engine's start, with its address; undefined for a user's command line. No arguments at all is a
 * start to serve too (by hand, or the plugin_ready bench), with no engine to send warnings to. Flags
 * before the address are the engine's own whatever their names, so a flag a later engine adds still
 * starts the provider.
 */
export function engineStart(argv: readonly string[]): { address?: string } | undefined {
  if (argv.length === 0) return {};
  const address = argv[argv.length - 1];
  const flagsFirst = argv.length === 1 || argv[0].startsWith("-");
  return ADDRESS.test(address) && flagsFirst ? { address } : undefined;
}
