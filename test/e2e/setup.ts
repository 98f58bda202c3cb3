// End-to-end tests drive the real pulumi CLI: each operation takes seconds, a test up to minutes.
// (jest ignores `testTimeout` inside a `projects` entry, so the e2e project sets it here.)
jest.setTimeout(600_000);
