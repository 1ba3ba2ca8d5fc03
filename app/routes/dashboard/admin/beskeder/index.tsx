import { data, Link } from "react-router";
import { sentAtText } from "~/claims/sender-texts";
import { Pagination } from "~/components/Pagination";
import { inboxCounts, inboxPage } from "~/inbox/inbox.server";
import { INBOX_PATH, INBOX_VIEWS, inboxPath, isInboxView, MESSAGES_PER_PAGE, messagePath, VIEW_PARAM, type InboxView } from "~/inbox/inbox-paths";
import { messageStateName } from "~/inbox/message-states";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/index";

const guard = access({ permission: "read:message:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

/** /dashboard/admin/beskeder: the contact form's messages by state; the new ones oldest first. */
export async function loader({ url }: Route.LoaderArgs) {
  const rawView = url.searchParams.get(VIEW_PARAM) ?? "nye";
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (!isInboxView(rawView) || page === null) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const view: InboxView = rawView;
  const db = site().database.db;
  const state = INBOX_VIEWS[view];
  const [counts, messages] = await Promise.all([inboxCounts(db), inboxPage(db, state, page)]);
  const pages = Math.max(1, Math.ceil(counts[state] / MESSAGES_PER_PAGE));
  if (page > pages) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  return data(
    {
      view,
      page,
      pages,
      tabs: (Object.keys(INBOX_VIEWS) as InboxView[]).map((name) => ({ view: name, label: messageStateName(INBOX_VIEWS[name]), count: counts[INBOX_VIEWS[name]] })),
      messages: messages.map((message) => ({ ...message, when: sentAtText(message.createdAt) })),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const view = loaderData?.view ?? "nye";
  return seoMeta(matches, {
    title: t("inbox.list.title", { state: messageStateName(INBOX_VIEWS[view]).toLowerCase() }),
    description: t("inbox.list.description"),
    path: INBOX_PATH,
    robots: "noindex,nofollow",
  });
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  const { view, page, pages, tabs, messages } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("inbox.list.heading")}</h1>
      <p className="mt-2 max-w-2xl">{t("inbox.list.intro")}</p>
      <nav aria-label={t("inbox.list.views")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.view}>
              <Link
                to={inboxPath(tab.view)}
                aria-current={tab.view === view ? "page" : undefined}
                className="block rounded-full border border-stone-400 px-3 py-1 font-medium no-underline aria-[current=page]:border-emerald-800 aria-[current=page]:bg-emerald-800 aria-[current=page]:text-white dark:border-stone-500 dark:aria-[current=page]:border-emerald-300 dark:aria-[current=page]:bg-emerald-300 dark:aria-[current=page]:text-stone-950"
              >
                {tab.label} ({tab.count.toLocaleString("da-DK")})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {messages.length ? (
        <ul
          aria-label={t("inbox.list.label")}
          className="mt-6 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900"
        >
          {messages.map((message) => (
            <li key={message.id} className="p-4">
              <h2 className="text-lg font-semibold break-words">
                <Link to={messagePath(message.id)}>{message.subject}</Link>
              </h2>
              <p className="mt-1 text-sm break-words text-stone-700 dark:text-stone-300">
                {t("inbox.list.from", { name: message.name, email: message.email })} · {message.when}
              </p>
              <p className="mt-2 break-words">{message.excerpt}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6">{t("inbox.list.empty")}</p>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => inboxPath(view, n)} />
    </>
  );
}
