import { Form, useNavigation } from "react-router";
import { t } from "~/lib/i18n";
import { PAGE_PARAM } from "~/lib/page-number";
import { CLEANUP_INTENTS, IMAGE_CLEANUP_PATH } from "../cleanup-paths";

/** A key that breaks at its slashes first, and inside a segment only where one line cannot hold it. */
function KeyText({ fileKey }: { fileKey: string }) {
  const segments = fileKey.split("/");
  return segments.map((segment, at) => (
    <span key={at}>
      {segment}
      {at < segments.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </span>
  ));
}

/** One file of the list as the page shows it. */
export interface OrphanRow {
  key: string;
  /** Its /billeder address when it is a picture a browser can show, else null. */
  preview: string | null;
  size: string;
  age: string;
  savedAt: string;
  /** ISO instant, for <time>. */
  modifiedAt: string;
}

export const dangerOutline =
  "inline-flex items-center justify-center rounded-lg border border-red-700 px-4 py-2 font-medium text-red-800 no-underline hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-70 dark:border-red-300 dark:text-red-200 dark:hover:bg-red-950";

/** The one file's "Slet": its name read out with it, and pending only while this file's post is under way. */
function RemoveButton({ fileKey }: { fileKey: string }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("key") === fileKey;
  return (
    <button type="submit" disabled={pending} className={dangerOutline}>
      {pending ? t("imageCleanup.remove.submitting") : t("imageCleanup.remove.submit")}
      <span className="sr-only"> {t("imageCleanup.remove.which", { key: fileKey })}</span>
    </button>
  );
}

/** Each file with a small picture when it is one (loaded only as it scrolls near), its key, size and age, and "Slet". */
export function OrphanList({ rows, page }: { rows: OrphanRow[]; page: number }) {
  return (
    <ul aria-label={t("imageCleanup.listLabel")} className="mt-6 grid grid-cols-1 gap-3">
      {rows.map((row) => (
        <li
          key={row.key}
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-stone-300 bg-white p-3 sm:flex-nowrap sm:gap-4 sm:p-4 dark:border-stone-700 dark:bg-stone-900"
        >
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden sm:size-20 rounded-lg bg-stone-100 dark:bg-stone-800">
            {row.preview ? (
              <img src={row.preview} alt="" width={80} height={80} loading="lazy" decoding="async" className="size-full object-cover" />
            ) : (
              <span className="px-1 text-center text-xs text-stone-700 dark:text-stone-300">{t("imageCleanup.noPreview")}</span>
            )}
          </div>
          <div className="min-w-0 flex-1 basis-40">
            <p className="font-mono text-sm wrap-anywhere">
              <KeyText fileKey={row.key} />
            </p>
            {/* Three facts side by side that wrap as whole words on a narrow screen; the exact time where there is room. */}
            <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-stone-700 dark:text-stone-300">
              <span className="font-semibold text-stone-900 dark:text-stone-100">
                {row.size}
                <span className="sr-only">,</span>
              </span>
              <time dateTime={row.modifiedAt}>{row.age}</time>
              <span className="hidden sm:inline">
                <span className="sr-only">, </span>
                {row.savedAt}
              </span>
            </p>
          </div>
          <Form method="post" action={IMAGE_CLEANUP_PATH} className="ml-auto shrink-0">
            <input type="hidden" name="intent" value={CLEANUP_INTENTS.remove} />
            <input type="hidden" name="key" value={row.key} />
            {page > 1 ? <input type="hidden" name={PAGE_PARAM} value={page} /> : null}
            <RemoveButton fileKey={row.key} />
          </Form>
        </li>
      ))}
    </ul>
  );
}
