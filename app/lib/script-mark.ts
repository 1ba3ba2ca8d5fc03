import { createContext, useContext } from "react";

/**
 * The mark the server puts on the inline scripts it renders (React Router's <Scripts> and the
 * data it streams), so that the Content-Security-Policy allows exactly those
 * (app/lib/security-headers.server.ts markedScriptHashes). Undefined in the browser, where the
 * marks have already been taken out of the page.
 */
export const ScriptMarkContext = createContext<string | undefined>(undefined);

export function useScriptMark(): string | undefined {
  return useContext(ScriptMarkContext);
}
