import { Link } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { CONTACT_ABOUT_MARKET_PATH, claimPath } from "../claim-paths";

/**
 * The market page's word to whoever runs the market: "Er det dit marked?" on a published market
 * nobody owns (the demo and imported ones), "Kontakt os" on the others. The page is cached for
 * every visitor, so this depends on the market alone; a change of owner empties the cache.
 *
 * The claim form is a signed-in page, so the link goes by the sign-in page as "Gem" does: a visitor
 * signs in or up there and comes back to the form (next), someone signed in is sent straight on,
 * and crawlers meet no redirect on a plain link.
 */
export function ClaimPrompt({ slug, hasOwner, status }: { slug: string; hasOwner: boolean; status: string }) {
  if (!hasOwner && status === "published") {
    return (
      <div className="mt-5 rounded-xl border border-emerald-800 bg-emerald-50 p-4 dark:border-emerald-300 dark:bg-emerald-950">
        <p className="font-semibold">{t("claims.prompt.lead")}</p>
        <p className="mt-1 text-sm text-stone-800 dark:text-stone-200">{t("claims.prompt.body")}</p>
        <Link to={withNext("/sign-in", claimPath(slug))} className={`${buttonClass("primary")} mt-3`}>
          {t("claims.prompt.claim")}
        </Link>
      </div>
    );
  }
  return (
    <p className="mt-4 text-sm text-stone-700 dark:text-stone-300">
      {t("claims.prompt.contactLead")} <Link to={CONTACT_ABOUT_MARKET_PATH}>{t("claims.prompt.contact")}</Link>
    </p>
  );
}
