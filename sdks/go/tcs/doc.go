// The Tool Connectivity Service as code: callbacks, callback instances, provider configs, roles and integration setup sessions.
package tcs
