import { Link } from "react-router";
import { FactRow as Row } from "~/components/ui/FactRow";
import type { FormConstraint } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { ApproveClaimForm, RejectClaimForm } from "./ClaimDecisionForms";

/** One open claim as /dashboard/market-claims shows it; texts are made on the server (claim-views.server.ts). */
export interface ClaimCardView {
  id: string;
  sentAt: string;
  market: { name: string; city: string; href: string };
  person: {
    name: string;
    email: string;
    verified: boolean;
    age: string;
    markets: { name: string; href: string }[];
    earlier: { id: string; marketName: string; href: string; outcome: string; reason: string | null }[];
  } | null;
  relation: string;
  /** A link to call or write, or the text as given; null once removed. */
  contact: { text: string; href: string | null } | null;
  message: string | null;
  rivals: number;
}

export function ClaimCard({ claim, reply, constraint }: { claim: ClaimCardView; reply: unknown; constraint: FormConstraint }) {
  const { person } = claim;
  const headingId = `anmodning-${claim.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-2xl border border-stone-300 bg-white p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900">
        <p className="text-sm text-stone-700 dark:text-stone-300">{t("claims.admin.card.sentAt", { when: claim.sentAt })}</p>
        <h2 id={headingId} className="mt-1 text-xl font-bold break-words">
          <Link to={claim.market.href}>{claim.market.name}</Link>
          <span className="font-normal text-stone-700 dark:text-stone-300">, {claim.market.city}</span>
        </h2>
        {claim.rivals > 0 ? (
          <p className="mt-2 rounded-lg border border-amber-600 bg-amber-50 px-3 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
            {claim.rivals === 1 ? t("claims.admin.card.rivalsOne") : t("claims.admin.card.rivals", { count: claim.rivals })}
          </p>
        ) : null}

        <dl className="mt-3 divide-y divide-stone-200 dark:divide-stone-700">
          <Row label={t("claims.admin.card.person")}>
            {person ? (
              <>
                <span className="font-semibold">{person.name}</span> (<a href={`mailto:${person.email}`}>{person.email}</a>)
                <span className="mt-1 block text-stone-700 dark:text-stone-300">
                  {person.verified ? t("claims.admin.card.verified") : t("claims.admin.card.notVerified")} · {person.age}
                </span>
              </>
            ) : (
              t("claims.admin.card.deleted")
            )}
          </Row>
          <Row label={t("claims.admin.card.relation")}>{claim.relation}</Row>
          <Row label={t("claims.admin.card.contact")}>
            {claim.contact ? claim.contact.href ? <a href={claim.contact.href}>{claim.contact.text}</a> : claim.contact.text : t("claims.admin.card.noContact")}
          </Row>
          <Row label={t("claims.admin.card.message")}>
            {claim.message ? (
              <span className="whitespace-pre-line">{claim.message}</span>
            ) : (
              <span className="text-stone-700 dark:text-stone-300">{t("claims.admin.card.noMessage")}</span>
            )}
          </Row>
          {person ? (
            <>
              <Row label={t("claims.admin.card.markets")}>
                {person.markets.length ? (
                  <ul className="space-y-1">
                    {person.markets.map((market) => (
                      <li key={market.href}>
                        <Link to={market.href}>{market.name}</Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  t("claims.admin.card.noMarkets")
                )}
              </Row>
              <Row label={t("claims.admin.card.earlier")}>
                {person.earlier.length ? (
                  <ul className="space-y-1">
                    {person.earlier.map((earlier) => (
                      <li key={earlier.id}>
                        <Link to={earlier.href}>{earlier.marketName}</Link>: {earlier.outcome}
                        {earlier.reason ? (
                          <span className="block text-sm text-stone-700 dark:text-stone-300">{t("claims.admin.card.reason", { reason: earlier.reason })}</span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  t("claims.admin.card.noEarlier")
                )}
              </Row>
            </>
          ) : null}
        </dl>

        <div className="mt-4 grid items-start gap-3 lg:grid-cols-2">
          <ApproveClaimForm claimId={claim.id} personName={person?.name ?? ""} marketName={claim.market.name} rivals={claim.rivals} />
          <RejectClaimForm claimId={claim.id} reply={reply} constraint={constraint} />
        </div>
      </article>
    </li>
  );
}
