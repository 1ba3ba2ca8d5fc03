import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { MarketStatus } from "../../../markets/types";
import type { OwnedMarketCard } from "../owner-texts.server";
import { withReturn } from "../../form/form-steps";

/** Each status its own colour, with enough contrast in both themes; the word says it, the colour helps. */
const STATUS_LOOK: Record<MarketStatus, string> = {
  published: "border-emerald-700 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100",
  pending: "border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100",
  rejected: "border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
  archived: "border-stone-500 bg-stone-100 text-stone-800 dark:border-stone-400 dark:bg-stone-800 dark:text-stone-100",
  draft: "border-stone-500 bg-stone-100 text-stone-800 dark:border-stone-400 dark:bg-stone-800 dark:text-stone-100",
};

export function StatusBadge({ status, label }: { status: MarketStatus; label: string }) {
  return <span className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${STATUS_LOOK[status]}`}>{label}</span>;
}

/** A link whose visible word ("Administrér") is the same on every card: the market's name goes with it for screen readers. */
function CardLink({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Link to={to} className="font-medium">
      {label}
      <span className="sr-only">: {name}</span>
    </Link>
  );
}

export function OwnedMarketList({ markets }: { markets: OwnedMarketCard[] }) {
  return (
    <ul className="grid gap-4">
      {markets.map((market) => (
        <li key={market.id} className="rounded-2xl border border-stone-300 bg-white p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <h3 className="min-w-0 text-xl font-bold break-words">{market.name}</h3>
            <StatusBadge status={market.status} label={market.statusLabel} />
          </div>
          {market.pendingEdit ? <p className="mt-2 font-medium text-amber-900 dark:text-amber-200">{t("organiser.mine.pendingEdit")}</p> : null}
          {market.rejected ? <p className="mt-2 text-red-900 dark:text-red-200">{t("organiser.mine.rejectedNote")}</p> : null}
          {market.whenLabel ? (
            <dl className="mt-3 grid gap-1 text-stone-800 sm:grid-cols-[auto_1fr] sm:gap-x-4 dark:text-stone-200">
              <dt className="font-semibold">{market.whenLabel}</dt>
              <dd>{market.when}</dd>
            </dl>
          ) : (
            <p className="mt-3 text-stone-800 dark:text-stone-200">{market.when}</p>
          )}
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            {market.views} · {market.saves}
          </p>
          <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
            {market.href ? <CardLink to={market.href} label={t("organiser.mine.links.page")} name={market.name} /> : null}
            <CardLink to={`/manage-market/${market.id}`} label={t("organiser.mine.links.manage")} name={market.name} />
            {/* Sending the edit comes back to this list. */}
            <CardLink to={withReturn(`/dashboard/mine-markeder/edit/${market.id}`, "/dashboard/mine-markeder")} label={t("organiser.mine.links.edit")} name={market.name} />
          </p>
        </li>
      ))}
    </ul>
  );
}
