/** "/sign-in?next=%2Fdashboard", or just "/sign-in" when next is the front page. */
export function withNext(path: string, next: string): string {
  return next === "/" ? path : `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ next })}`;
}
