import { ApiError, codeForStatus, type FieldError } from "./errors";
import { checkBody, requireObjectBody, throwIfProblems, type Check } from "./validate";

/**
 * Fault injection for resilience tests. Rules match method + path glob (`*` one segment, `**` any
 * number of segments); each may add latency (with jitter), answer with an error status, or let the
 * request apply and then drop the connection without a response (`drop_after_commit`), or drop the
 * connection at once and apply the request later (`late_commit_ms`: a service that commits a request
 * after its client gave up on it; `late_commit_held`: the same, committed when the test releases it). A seeded PRNG
 * decides probabilities and jitter, so a run with the same seed and requests repeats exactly.
 */
export interface FaultRule {
  method?: string;
  path: string;
  status?: number;
  code?: string;
  message?: string;
  probability?: number;
  count?: number;
  latency_ms?: number;
  jitter_ms?: number;
  retry_after?: number;
  drop_after_commit?: boolean;
  late_commit_ms?: number;
  /** As late_commit_ms, committed when the test releases it (POST /_emulator/faults/release) instead of after a delay. */
  late_commit_held?: boolean;
}

export interface FaultOutcome {
  latencyMs: number;
  error?: ApiError;
  dropAfterCommit: boolean;
  /** Drop the connection unanswered at once, and apply the request this many ms later. */
  lateCommitMs?: number;
  /** Drop the connection unanswered at once, and apply the request when the test releases it. */
  lateCommitHeld: boolean;
  fired: boolean;
}

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
  fired: number;
}

/** mulberry32: tiny, fast, good enough for test randomness, and seedable. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function segmentMatcher(glob: string): RegExp {
  if (glob === "**") return /^\*\*$/; // marker, handled in matchSegments
  return new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join("[^/]*")}$`,
  );
}

function matchSegments(patterns: string[], parts: string[]): boolean {
  if (patterns.length === 0) return parts.length === 0;
  const [head, ...rest] = patterns;
  if (head === "**") {
    for (let skip = 0; skip <= parts.length; skip++) if (matchSegments(rest, parts.slice(skip))) return true;
    return false;
  }
  return parts.length > 0 && segmentMatcher(head).test(parts[0]) && matchSegments(rest, parts.slice(1));
}

const number =
  (options: { min: number; max: number; integer?: boolean }): Check =>
  (value, path, problems) => {
    if (
      typeof value !== "number" ||
      !Number.isFinite(value) ||
      (options.integer && !Number.isInteger(value)) ||
      value < options.min ||
      value > options.max
    ) {
      problems.push({
        code: "invalid_value",
        message: `must be a${options.integer ? "n integer" : " number"} from ${options.min} to ${options.max}`,
        path,
      });
    }
  };
const text =
  (max: number): Check =>
  (value, path, problems) => {
    if (typeof value !== "string" || value.length === 0 || value.length > max)
      problems.push({ code: "invalid_value", message: `must be a string of 1 to ${max} characters`, path });
  };
const flag: Check = (value, path, problems) => {
  if (typeof value !== "boolean") problems.push({ code: "invalid_type", message: "must be a boolean", path });
};

const RULE_FIELDS = {
  method: { check: text(10) },
  path: { required: true, check: text(500) },
  status: { check: number({ min: 100, max: 599, integer: true }) },
  code: { check: text(100) },
  message: { check: text(500) },
  probability: { check: number({ min: 0, max: 1 }) },
  count: { check: number({ min: 0, max: 1e9, integer: true }) },
  latency_ms: { check: number({ min: 0, max: 120000, integer: true }) },
  jitter_ms: { check: number({ min: 0, max: 120000, integer: true }) },
  retry_after: { check: number({ min: 0, max: 86400, integer: true }) },
  drop_after_commit: { check: flag },
  late_commit_ms: { check: number({ min: 0, max: 600000, integer: true }) },
  late_commit_held: { check: flag },
};

export class Faults {
  private rules: ActiveRule[] = [];
  private random: () => number = mulberry32(1);
  private seed = 1;
  /** The held late commits (late_commit_held), each waiting for release(). */
  private held: Array<() => void> = [];

  /** Replaces the rules; validates the whole body first (422 naming every bad field). */
  configure(body: unknown): void {
    const object = requireObjectBody(body);
    const problems: FieldError[] = checkBody(object, {
      fields: {
        seed: { check: number({ min: 0, max: 2 ** 32 - 1, integer: true }) },
        rules: {
          required: true,
          check: (value, path, list) => {
            if (!Array.isArray(value)) list.push({ code: "invalid_type", message: "must be an array", path });
          },
        },
      },
    });
    if (Array.isArray(object.rules)) {
      object.rules.forEach((rule, index) => {
        if (typeof rule !== "object" || rule === null || Array.isArray(rule))
          problems.push({ code: "invalid_type", message: "must be an object", path: ["rules", index] });
        else
          for (const problem of checkBody(rule as Record<string, unknown>, { fields: RULE_FIELDS }))
            problems.push({ ...problem, path: ["rules", index, ...problem.path] });
      });
    }
    throwIfProblems(problems);
    this.seed = (object.seed as number | undefined) ?? 1;
    this.random = mulberry32(this.seed);
    this.rules = (object.rules as FaultRule[]).map((rule) => ({
      rule,
      remaining: rule.count ?? Number.POSITIVE_INFINITY,
      fired: 0,
    }));
  }

  /** Resolves when the test releases the held late commits. */
  hold(): Promise<void> {
    return new Promise((resolve) => this.held.push(resolve));
  }

  /** Lets every held late commit apply its request; how many there were. */
  release(): { released: number } {
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
    return { released: held.length };
  }

  clear(): void {
    this.rules = [];
    this.random = mulberry32(this.seed);
  }

  describe() {
    return {
      seed: this.seed,
      rules: this.rules.map(({ rule, remaining, fired }) => ({
        ...rule,
        fired,
        remaining: Number.isFinite(remaining) ? remaining : null,
      })),
    };
  }

  /** Evaluates the rules in order for one request: latency adds up; the first error or drop wins. */
  evaluate(method: string, pathname: string): FaultOutcome {
    const outcome: FaultOutcome = { latencyMs: 0, dropAfterCommit: false, lateCommitHeld: false, fired: false };
    if (this.rules.length === 0) return outcome;
    const parts = pathname.split("/").filter(Boolean);
    for (const active of this.rules) {
      const { rule } = active;
      if (active.remaining <= 0) continue;
      if (rule.method !== undefined && rule.method !== "*" && rule.method.toUpperCase() !== method) continue;
      if (!matchSegments(rule.path.split("/").filter(Boolean), parts)) continue;
      if (this.random() >= (rule.probability ?? 1)) continue;
      const decides =
        rule.status !== undefined ||
        rule.drop_after_commit === true ||
        rule.late_commit_ms !== undefined ||
        rule.late_commit_held === true;
      const decided =
        outcome.error || outcome.dropAfterCommit || outcome.lateCommitMs !== undefined || outcome.lateCommitHeld;
      if (decides && decided) continue;
      active.remaining--;
      active.fired++;
      outcome.fired = true;
      outcome.latencyMs +=
        (rule.latency_ms ?? 0) + (rule.jitter_ms ? Math.floor(this.random() * (rule.jitter_ms + 1)) : 0);
      if (rule.drop_after_commit) outcome.dropAfterCommit = true;
      else if (rule.late_commit_ms !== undefined) outcome.lateCommitMs = rule.late_commit_ms;
      else if (rule.late_commit_held) outcome.lateCommitHeld = true;
      else if (rule.status !== undefined) {
        const code = rule.code ?? codeForStatus(rule.status);
        const headers: Record<string, string> =
          rule.retry_after !== undefined ? { "Retry-After": String(rule.retry_after) } : {};
        outcome.error = ApiError.injected(
          rule.status,
          code,
          rule.message ?? `Injected fault: ${rule.status} ${code}.`,
          headers,
        );
      }
    }
    return outcome;
  }
}
