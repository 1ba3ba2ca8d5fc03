import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import type { DraftCard } from "../../control-panel/owner-texts.server";

/** The intent of "Slet kladde" on /dashboard/mine-markeder. */
export const DELETE_DRAFT_INTENT = "delete-draft";

export function DraftList({ drafts }: { drafts: DraftCard[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {drafts.map((draft) => (
        <li key={draft.id} className="rounded-2xl border border-dashed border-stone-400 bg-white p-4 sm:p-5 dark:border-stone-600 dark:bg-stone-900">
          <h3 className="text-lg font-bold break-words">{draft.name}</h3>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{draft.saved}</p>
          <p className="text-stone-700 dark:text-stone-300">{draft.step}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Link to={`/opret-marked/${draft.id}`} className={buttonClass("primary")}>
              {t("organiser.mine.draft.continue")}
              <span className="sr-only">: {draft.name}</span>
            </Link>
            <Form method="post">
              <input type="hidden" name="intent" value={DELETE_DRAFT_INTENT} />
              <input type="hidden" name="draftId" value={draft.id} />
              <SubmitButton
                intent={DELETE_DRAFT_INTENT}
                variant="secondary"
                label={t("organiser.mine.draft.delete")}
                pendingLabel={t("organiser.mine.draft.deleting")}
                aria-label={`${t("organiser.mine.draft.delete")}: ${draft.name}`}
              />
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
