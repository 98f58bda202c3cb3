// The Go quickstart as a Pulumi program: `pulumi up` in this directory (runtime: go, Pulumi.yaml).
package main

import (
	"example.com/tcs-go-quickstart/quickstart"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(quickstart.Program)
}
