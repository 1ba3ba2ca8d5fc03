import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { CONTACT_ABOUT_MARKET_PATH, managePath } from "../claim-paths";

/** What the claim page says instead of the form (the server's ClaimState, with its date in Danish). */
export type ClaimStateView = { kind: "claimable" } | { kind: "open"; sentOn: string } | { kind: "own" } | { kind: "has_owner" } | { kind: "closed" };

const box = "rounded-2xl border p-4 sm:p-6";

/**
 * The claim page once there is nothing to fill in: the claim is sent and what happens next, the
 * market is theirs already, someone else's, or closed.
 */
export function ClaimStateNotice({ state, email, marketId }: { state: Exclude<ClaimStateView, { kind: "claimable" }>; email: string; marketId: string }) {
  switch (state.kind) {
    case "open":
      return (
        <section aria-labelledby="modtaget" className={`${box} border-emerald-800 bg-emerald-50 dark:border-emerald-300 dark:bg-emerald-950`}>
          <h2 id="modtaget" className="text-xl font-bold">
            {t("claims.open.heading")}
          </h2>
          <p className="mt-2">{t("claims.open.sentOn", { date: state.sentOn })}</p>
          <h3 className="mt-4 font-semibold">{t("claims.open.nextHeading")}</h3>
          <ol className="mt-1 list-outside list-decimal space-y-1 pl-5">
            <li>{t("claims.open.next1")}</li>
            <li className="break-words">{t("claims.open.next2", { email })}</li>
            <li>{t("claims.open.next3")}</li>
          </ol>
        </section>
      );
    case "own":
      return (
        <section aria-labelledby="dit-marked" className={`${box} border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900`}>
          <h2 id="dit-marked" className="text-xl font-bold">
            {t("claims.own.heading")}
          </h2>
          <p className="mt-2">{t("claims.own.body")}</p>
          <p className="mt-4">
            <Link to={managePath(marketId)} className={buttonClass("primary")}>
              {t("claims.own.action")}
            </Link>
          </p>
        </section>
      );
    case "has_owner":
    case "closed":
      return (
        <section aria-labelledby="kan-ikke" className={`${box} border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900`}>
          <h2 id="kan-ikke" className="text-xl font-bold">
            {state.kind === "has_owner" ? t("claims.hasOwner.heading") : t("claims.closed.heading")}
          </h2>
          <p className="mt-2">{state.kind === "has_owner" ? t("claims.hasOwner.body") : t("claims.closed.body")}</p>
          <p className="mt-4">
            <Link to={CONTACT_ABOUT_MARKET_PATH}>{t("claims.prompt.contact")}</Link>
          </p>
        </section>
      );
  }
}
