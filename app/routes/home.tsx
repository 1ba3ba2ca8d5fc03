import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";

export function meta() {
  return pageMeta(t("pages.home.title"), t("pages.home.description"));
}

export default function Home() {
  return (
    <section className="rounded-3xl bg-gradient-to-br from-emerald-900 to-emerald-700 px-6 py-12 text-white sm:px-12 sm:py-16">
      <h1 className="max-w-2xl text-4xl font-bold tracking-tight sm:text-5xl">{t("pages.home.heading")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-emerald-50">{t("pages.home.intro")}</p>
      <p className="mt-4 max-w-2xl text-emerald-50">{t("pages.home.comingSoon")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/register" className="inline-flex rounded-lg bg-white px-5 py-3 font-semibold text-emerald-900 no-underline hover:bg-emerald-50">
          {t("pages.home.browse")}
        </Link>
        <Link to="/markeder" className={`${buttonClass("secondary")} border-white! bg-transparent! text-white! hover:bg-emerald-800!`}>
          {t("pages.home.map")}
        </Link>
      </div>
    </section>
  );
}
