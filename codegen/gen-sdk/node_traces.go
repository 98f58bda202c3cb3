package main

import (
	"fmt"
	"regexp"
	"strings"
)

// The Node.js SDK's resource classes register with Error.stackTraceLimit at 0, as the dynamic door's
// classes do (provider/dynamic/tcs-resource.ts, quietTraces). @pulumi/pulumi makes four promises for
// every output a resource registers and takes a stack trace for each (runtime/debuggable.ts), read
// only by its report of leaked promises: about 0.25 ms an output, a preview's largest cost in the
// program's process (docs/performance.md). The source position and stack trace the engine records
// for the resource are taken by Resource.callsites under its own limit, so they are unchanged; an
// error the registration throws gets the program's trace back (withProgramTrace). The generator has
// no option for this, so it is a pass over its output, which fails loudly if that output changes shape.

// A generated constructor's one call of its base class's constructor.
var superCall = regexp.MustCompile(`(?m)^( +)super\((\w+)\.__pulumiType, name, resourceInputs, opts\);$`)

// What utilities.ts gains: the two helpers every resource file calls around its super call.
const traceHelpers = `
/**
 * @internal
 * Turns off stack traces while a resource registers its outputs and returns the limit to restore:
 * @pulumi/pulumi takes one for each of an output's promises, read only by its report of leaked promises.
 */
export function quietTraces(): number {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    return limit;
}

/** @internal An error thrown while traces were off, given the program's trace from where it declared the resource. */
export function withProgramTrace(error: unknown, limit: number, declared: Function): unknown {
    Error.stackTraceLimit = limit;
    if (error instanceof Error) {
        Error.captureStackTrace(error, declared);
    }
    return error;
}
`

// quietNodeTraces rewrites the generated Node.js files in place.
func quietNodeTraces(files map[string][]byte) error {
	utilities, ok := files["utilities.ts"]
	if !ok {
		return fmt.Errorf("nodejs: no utilities.ts in the generated SDK")
	}
	files["utilities.ts"] = append(utilities, []byte(traceHelpers)...)
	classes := 0
	for name, data := range files {
		text := string(data)
		if !strings.HasSuffix(name, ".ts") || !strings.Contains(text, "public static readonly __pulumiType") {
			continue
		}
		calls := superCall.FindAllStringSubmatchIndex(text, -1)
		if len(calls) != 1 {
			return fmt.Errorf("nodejs: %s: expected one super(<Class>.__pulumiType, name, resourceInputs, opts) call, found %d", name, len(calls))
		}
		files[name] = []byte(superCall.ReplaceAllString(text, strings.Join([]string{
			"${1}// No stack trace for each output's promises (utilities.quietTraces says why).",
			"${1}const traceLimit = utilities.quietTraces();",
			"${1}try {",
			"${1}    super(${2}.__pulumiType, name, resourceInputs, opts);",
			"${1}} catch (error) {",
			"${1}    throw utilities.withProgramTrace(error, traceLimit, new.target);",
			"${1}} finally {",
			"${1}    Error.stackTraceLimit = traceLimit;",
			"${1}}",
		}, "\n")))
		classes++
	}
	if classes == 0 {
		return fmt.Errorf("nodejs: no resource class found in the generated SDK")
	}
	return nil
}
