import type { Route } from "./state";

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** Matches method + path against `{param}` templates, segment by segment. */
export class Router {
  private readonly compiled: { route: Route; segments: string[] }[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split("/").filter(Boolean) }));
  }

  /** Undefined when nothing matches. Throws URIError on a malformed %-escape (a 400 upstream). */
  match(method: string, pathname: string): RouteMatch | undefined {
    const parts = pathname.split("/").filter(Boolean);
    for (const { route, segments } of this.compiled) {
      if (route.method !== method || segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const segment = segments[i];
        if (segment.startsWith("{")) params[segment.slice(1, -1)] = decodeURIComponent(parts[i]);
        else ok = segment === parts[i];
      }
      if (ok) return { route, params };
    }
    return undefined;
  }
}
