import { Component, type ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { reportError } from "./reporter";
import { AccessDeniedScreen, ComponentErrorScreen, CriticalErrorScreen, GenericErrorScreen, NotFoundScreen, PageErrorScreen, StatusErrorScreen, hasStatusScreen } from "./screens";

/**
 * What a route error boundary shows. Answers with a status (404, 403, 405, 413 …) get the screen
 * for that status; an error thrown by a page gets the page error screen; one that reached the
 * root (the shell itself failed) gets the critical screen with the cache reset.
 */
export function RouteErrorScreen({ error, level }: { error: unknown; level: "page" | "root" }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundScreen />;
    if (error.status === 403) return <AccessDeniedScreen />;
    if (hasStatusScreen(error.status)) return <StatusErrorScreen status={error.status} />;
    if (error.status < 500) return <GenericErrorScreen />;
  }
  if (level === "page") return <PageErrorScreen />;
  const reference = error instanceof Error ? error.message : undefined;
  return <CriticalErrorScreen reference={reference} />;
}

interface ComponentBoundaryState {
  error: unknown;
}

/**
 * Keeps a failing widget (a map, a chart) from taking the page down with it. Only catches in the
 * browser: on the server a render error fails the page and its route boundary answers instead.
 */
export class ComponentErrorBoundary extends Component<{ children: ReactNode }, ComponentBoundaryState> {
  state: ComponentBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ComponentBoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown) {
    reportError({ severity: "error", error });
  }

  render() {
    if (this.state.error !== null) {
      return <ComponentErrorScreen onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
