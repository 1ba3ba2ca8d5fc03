import { data } from "react-router";
import { maybeT, t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/planned";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

interface PlannedPage {
  title: string;
  description: string;
  heading: string;
  body: string;
}

/** The texts of a page that is not built yet, found by its first path segment. */
function plannedPage(pathname: string): PlannedPage | null {
  const key = pathname.split("/")[1] ?? "";
  const text = (field: keyof PlannedPage) => maybeT(`pages.${key}.${field}`);
  const [title, description, heading, body] = [text("title"), text("description"), text("heading"), text("body")];
  if (!title || !description || !heading || !body) return null;
  return { title, description, heading, body };
}

export function loader({ url }: Route.LoaderArgs) {
  const { pathname } = url;
  const page = plannedPage(pathname);
  if (!page) throw data(null, { status: 404 });
  return { ...page, path: `/${pathname.split("/")[1]}` };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  // Until its text is written a page is not worth a search result, but its links are.
  return seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: loaderData.path, robots: "noindex,follow" });
}

export default function PlannedPageView({ loaderData }: Route.ComponentProps) {
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold sm:text-4xl">{loaderData.heading}</h1>
      <p className="mt-4 text-lg text-stone-700 dark:text-stone-300">{loaderData.body}</p>
      <p className="mt-6 rounded-lg border border-dashed border-stone-400 p-4 text-stone-700 dark:border-stone-600 dark:text-stone-300">{t("pages.planned.notice")}</p>
    </article>
  );
}
