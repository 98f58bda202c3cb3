// The test environment of the suites that host Pulumi programs inline: the Automation API runs a
// program in the test's own process. When a run ends early (a refused resource, a killed engine), the
// SDK's calls still waiting on the engine fail with UNAVAILABLE ("Resource monitor is terminating"),
// which the SDK leaves unhandled on purpose, for its language host to ignore in a program's own
// process. Jest tracks every unhandled rejection and fails the file for one no test owns. This
// environment handles those rejections, and only those, which tells Jest they are handled.
const { TestEnvironment } = require("jest-environment-node");

/** gRPC's CANCELLED and UNAVAILABLE, the codes the SDK rewords so (@pulumi/pulumi runtime/resource). */
const MONITOR_GONE_CODES = [1, 14];

function isMonitorGone(error) {
  return (
    typeof error === "object" &&
    error !== null &&
    MONITOR_GONE_CODES.includes(error.code) &&
    /Resource monitor is terminating/.test(String(error.message))
  );
}

class InlineProgramEnvironment extends TestEnvironment {
  handleTestEvent(event) {
    if (event.name === "error" && event.promise && isMonitorGone(event.error)) event.promise.catch(() => undefined);
  }
}

module.exports = InlineProgramEnvironment;
