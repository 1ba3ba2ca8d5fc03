import type { ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { InfoPage } from "../types";
import { Prose } from "./Prose";

/** The meta of an information page: its own title, description and address. */
export function infoPageMeta({ loaderData, matches }: { loaderData?: InfoPage; matches: Parameters<typeof seoMeta>[0] }): MetaDescriptor[] {
  if (!loaderData) return [];
  return seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: loaderData.path });
}

/** An information page: its heading, its text from content/pages/, and anything the page adds after it. */
export function InfoPageView({ page, children }: { page: InfoPage; children?: ReactNode }) {
  return (
    <article>
      <h1 className="text-3xl font-bold sm:text-4xl">{page.heading}</h1>
      {page.updatedText ? <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t("content.info.updated", { date: page.updatedText })}</p> : null}
      <Prose html={page.html} className="mt-6" />
      {children}
    </article>
  );
}
