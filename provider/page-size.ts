// The page size every scan asks for (refresh reads, orphan scans, findCreated, `pulumi-tcs generate`,
// lookups): the most the service serves in one page (contract: `limit` at most 100). A service may
// still answer with fewer records a page than asked; every scan follows `has_more_after`, so it is
// complete either way, only longer.
export const SCAN_PAGE_SIZE = 100;
