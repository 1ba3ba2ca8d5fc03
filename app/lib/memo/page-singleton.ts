/**
 * One value per page, however many of the page's bundles hold the module that asks for it. A page
 * with React runs two bundles built apart, React's and the script of app/progressive/ (decision
 * 0022), so a variable at a module's top level would exist once in each: what React hands a
 * behaviour (a toast, the page's signed-in state, a client-side page view) must reach the state the
 * script keeps. Keyed by Symbol.for, whose registry both bundles share.
 */
export function pageSingleton<T>(name: string, create: () => T): T {
  const shared = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`loppeguiden:${name}`);
  return (shared[key] ??= create());
}
