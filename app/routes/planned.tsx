import { data } from "react-router";
import { maybeT, t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/planned";

interface PlannedPage {
  title: string;
  description: string;
  heading: string;
  body: string;
  /** Data credits that licences require even before the page is written (/om-os). */
  credits: { heading: string; text: string } | null;
}

/** The texts of a page that is not built yet, found by its first path segment. */
function plannedPage(pathname: string): PlannedPage | null {
  const key = pathname.split("/")[1] ?? "";
  const text = (field: keyof PlannedPage) => maybeT(`pages.${key}.${field}`);
  const [title, description, heading, body] = [text("title"), text("description"), text("heading"), text("body")];
  if (!title || !description || !heading || !body) return null;
  const creditsHeading = maybeT(`pages.${key}.creditsHeading`);
  const creditsText = maybeT(`pages.${key}.credits`);
  const credits = creditsHeading && creditsText ? { heading: creditsHeading, text: creditsText } : null;
  return { title, description, heading, body, credits };
}

export function loader({ request }: Route.LoaderArgs) {
  const page = plannedPage(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return page;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? pageMeta(loaderData.title, loaderData.description) : [];
}

export default function PlannedPageView({ loaderData }: Route.ComponentProps) {
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold sm:text-4xl">{loaderData.heading}</h1>
      <p className="mt-4 text-lg text-stone-700 dark:text-stone-300">{loaderData.body}</p>
      <p className="mt-6 rounded-lg border border-dashed border-stone-400 p-4 text-stone-700 dark:border-stone-600 dark:text-stone-300">
        {t("pages.planned.notice")}
      </p>
      {loaderData.credits ? (
        <section aria-labelledby="kreditering" className="mt-8">
          <h2 id="kreditering" className="text-2xl font-bold">
            {loaderData.credits.heading}
          </h2>
          <p className="mt-2">{loaderData.credits.text}</p>
        </section>
      ) : null}
    </article>
  );
}
