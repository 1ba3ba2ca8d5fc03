import { createContext, RouterContextProvider } from "react-router";

/**
 * What the server knows about a request beyond the Request itself, handed to React Router by
 * server/express-app.ts (getLoadContext) and read by the routes through `context`.
 */
const clientAddressContext = createContext<string | null>(null);

/** The context of one request: its client's network address ("" or absent when unknown). */
export function requestContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress ? clientAddress : null);
  return context;
}

/** The visitor's network address, or null when the server could not tell it. */
export function knownClientAddress(context: Readonly<RouterContextProvider>): string | null {
  return context.get(clientAddressContext);
}

/** The same, with "unknown" when it is not there (a rate limit's key needs a value). */
export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return knownClientAddress(context) ?? "unknown";
}
