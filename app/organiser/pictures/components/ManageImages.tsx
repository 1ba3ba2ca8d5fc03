import { useEffect, useRef, useState, type DragEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { dismissAllToasts } from "~/components/ui/toast-store";
import { FieldError, SubmitButton, hintClass, labelClass } from "~/components/ui/form-fields";
import { PanelSection } from "~/components/ui/panel-section";
import { TextField } from "~/forms/TextField";
import { isReplyFor, useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { IMAGE_FORMS, IMAGE_INTENTS, type ImageUploadFields } from "../image-forms";
import type { ImageSection } from "../image-section.server";

const smallButton = `${buttonClass("secondary")} !px-3 !py-1.5 text-sm`;

/** One button of a picture's row: a form of its own, so moving and deleting need no JavaScript. */
function ImageButton({ action, intent, image, label, alt }: { action: string; intent: string; image: string; label: string; alt: string }) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="image" value={image} />
      <button type="submit" className={smallButton}>
        {label}
        <span className="sr-only"> – {alt}</span>
      </button>
    </Form>
  );
}

function UploadForm({ action, section, reply, headingLevel }: { action: string; section: ImageSection; reply: unknown; headingLevel: 2 | 3 }) {
  const { fields, formProps } = useSchemaForm<ImageUploadFields>({
    id: IMAGE_FORMS.upload,
    reply,
    constraint: section.constraint,
    schema: () => import("../image-forms").then((module) => module.imageUploadSchema),
  });
  const ids = { image: "billede-fil", alt: "billede-alt" };
  // A refused picture is told at its field: the toast of the one added before it goes, so the two never show together.
  const refusedReply = isReplyFor(reply, IMAGE_FORMS.upload) ? reply : null;
  useEffect(() => {
    if (refusedReply) dismissAllToasts();
  }, [refusedReply]);
  const first = useFocusFirstInvalid(reply, [fields.image, fields.alt], (name) => ids[name as keyof typeof ids]);
  const error = fields.image.errors?.[0];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="mt-6 border-t border-stone-300 pt-5 dark:border-stone-700">
      <Heading id="billede-upload-overskrift" className="text-lg font-bold">
        {t("marketImages.upload.heading")}
      </Heading>
      <Form method="post" action={action} encType="multipart/form-data" {...formProps} aria-labelledby="billede-upload-overskrift" className="mt-3 grid gap-4">
        <input type="hidden" name="intent" value={IMAGE_INTENTS.upload} />
        <div>
          <label htmlFor={ids.image} className={labelClass}>
            {t("marketImages.upload.fileLabel")}
          </label>
          <p id={`${ids.image}-hint`} className={hintClass}>
            {section.hint}
          </p>
          <input
            id={ids.image}
            name={fields.image.name}
            type="file"
            accept={section.accept}
            required
            autoFocus={first === "image"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.image}-hint ${ids.image}-fejl` : `${ids.image}-hint`}
            className="mt-2 block w-full max-w-md text-base file:mr-3 file:rounded-lg file:border file:border-stone-400 file:bg-white file:px-3 file:py-2 file:font-medium file:text-stone-900 dark:file:border-stone-500 dark:file:bg-stone-800 dark:file:text-stone-50"
          />
          <FieldError id={`${ids.image}-fejl`} message={error} />
        </div>
        <TextField
          field={fields.alt}
          id={ids.alt}
          label={t("marketImages.upload.altLabel")}
          hint={t("marketImages.upload.altHint")}
          autoComplete="off"
          autoFocus={first === "alt"}
        />
        <div>
          <SubmitButton intent={IMAGE_INTENTS.upload} label={t("marketImages.upload.submit")} pendingLabel={t("marketImages.upload.submitting")} />
        </div>
      </Form>
    </div>
  );
}

type ListedImage = ImageSection["images"][number];

/** The list in a new order: the dragged picture put where the one it was dropped on is. */
function moved(keys: string[], dragged: string, target: string): string[] {
  const from = keys.indexOf(dragged);
  const to = keys.indexOf(target);
  if (from < 0 || to < 0 || from === to) return keys;
  const next = keys.filter((key) => key !== dragged);
  next.splice(to, 0, dragged);
  return next;
}

/**
 * The pictures in order, the first the cover, each with its buttons (forms of their own: they work
 * without JavaScript). With JavaScript a picture can also be dragged onto another's place: the new
 * order is shown at once and posted whole ("image-order"), and the server checks it is this list's.
 */
function ImageList({ action, images }: { action: string; images: ListedImage[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // While a new order is being posted it is shown already; then the page's list, as stored.
  const posting = navigation.formData?.get("intent") === IMAGE_INTENTS.order ? navigation.formData.getAll("order").map(String) : null;
  const order = posting ?? images.map((image) => image.storageKey);
  const byKey = new Map(images.map((image) => [image.storageKey, image]));
  const shown = posting && posting.every((key) => byKey.has(key)) ? posting.map((key) => byKey.get(key)!) : images;
  const canDrag = hydrated && shown.length > 1;

  function drop(event: DragEvent<HTMLLIElement>, target: string) {
    event.preventDefault();
    setOver(null);
    if (!dragged) return;
    const next = moved(order, dragged, target);
    setDragged(null);
    if (next === order) return;
    const form = new FormData();
    form.set("intent", IMAGE_INTENTS.order);
    for (const key of next) form.append("order", key);
    void submit(form, { method: "post", action, preventScrollReset: true });
  }

  return (
    <>
      {canDrag ? <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t("marketImages.actions.dragHint")}</p> : null}
      <ol aria-label={t("marketImages.actions.listLabel")} className="mt-4 grid gap-4">
        {shown.map((image, index) => (
          <li
            key={image.storageKey}
            data-billede={image.storageKey}
            draggable={canDrag || undefined}
            onDragStart={
              canDrag
                ? (event) => {
                    setDragged(image.storageKey);
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", image.alt);
                  }
                : undefined
            }
            onDragOver={
              canDrag
                ? (event) => {
                    if (!dragged) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = "move";
                    setOver(image.storageKey);
                  }
                : undefined
            }
            onDragLeave={canDrag ? () => setOver((current) => (current === image.storageKey ? null : current)) : undefined}
            onDrop={canDrag ? (event) => drop(event, image.storageKey) : undefined}
            onDragEnd={canDrag ? () => (setDragged(null), setOver(null)) : undefined}
            className={`flex flex-col gap-3 rounded-xl border p-3 sm:flex-row ${canDrag ? "cursor-grab" : ""} ${
              over === image.storageKey && dragged !== image.storageKey
                ? "border-emerald-700 ring-2 ring-emerald-700 dark:border-emerald-300 dark:ring-emerald-300"
                : "border-stone-300 dark:border-stone-700"
            } ${dragged === image.storageKey ? "opacity-60" : ""}`}
          >
            <img
              src={image.src}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              decoding="async"
              draggable={false}
              className="aspect-[3/2] w-full rounded-lg bg-stone-200 object-cover sm:w-48 dark:bg-stone-800"
            />
            <div className="min-w-0 flex-1">
              {index === 0 ? (
                <p className="inline-block rounded-full bg-emerald-800 px-2.5 py-0.5 text-sm font-semibold text-white dark:bg-emerald-300 dark:text-stone-950">
                  {t("marketImages.coverBadge")}
                </p>
              ) : null}
              <p className="mt-1 break-words">{image.alt}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {index > 0 ? <ImageButton action={action} intent={IMAGE_INTENTS.moveUp} image={image.storageKey} alt={image.alt} label={t("marketImages.actions.moveUp")} /> : null}
                {index < shown.length - 1 ? (
                  <ImageButton action={action} intent={IMAGE_INTENTS.moveDown} image={image.storageKey} alt={image.alt} label={t("marketImages.actions.moveDown")} />
                ) : null}
                {index > 0 ? <ImageButton action={action} intent={IMAGE_INTENTS.cover} image={image.storageKey} alt={image.alt} label={t("marketImages.actions.cover")} /> : null}
                <ImageButton action={action} intent={IMAGE_INTENTS.remove} image={image.storageKey} alt={image.alt} label={t("marketImages.actions.remove")} />
              </div>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * A number that goes up each time the list gains a picture it did not have: the key of the form to
 * add one, which then starts empty again (with JavaScript the page stays, and so would the chosen
 * file and its text; without it the page after the post is a new one).
 */
function useAddedRound(keys: string[]): number {
  const [round, setRound] = useState(0);
  const seen = useRef(keys);
  const joined = keys.join("\n");
  useEffect(() => {
    if (keys.some((key) => !seen.current.includes(key))) setRound((count) => count + 1);
    seen.current = keys;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the list's keys, not the array's identity
  }, [joined]);
  return round;
}

/**
 * The pictures and the form to add one: the body of "Billeder" on a market's control panel and of
 * the market form's "Billeder" step. `headingLevel` is the upload form's heading's, under the
 * section's (the panel's h2) or the page's (the step's h1).
 */
export function ImageEditor({ action, section, reply, headingLevel }: { action: string; section: ImageSection; reply: unknown; headingLevel: 2 | 3 }) {
  const round = useAddedRound(section.images.map((image) => image.storageKey));
  return (
    <>
      <p className="font-medium">{section.countText}</p>
      {section.waiting ? (
        <p className="mt-2 rounded-lg border border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50">
          {t("marketImages.waiting")}
        </p>
      ) : null}
      {section.images.length ? <ImageList action={action} images={section.images} /> : <p className="mt-2 text-stone-700 dark:text-stone-300">{t("marketImages.empty")}</p>}
      {section.fullText ? <p className="mt-4 text-stone-700 dark:text-stone-300">{section.fullText}</p> : null}
      {/* Full, the form stays only to show why a picture sent from an older page was refused. */}
      {!section.fullText || isReplyFor(reply, IMAGE_FORMS.upload) ? <UploadForm key={round} action={action} section={section} reply={reply} headingLevel={headingLevel} /> : null}
    </>
  );
}

/** "Billeder" on a market's control panel: the pictures in order (the first the cover), and a form to add one. */
export function ManageImages({ action, section, reply }: { action: string; section: ImageSection; reply: unknown }) {
  return (
    <PanelSection id="billeder" heading={t("marketImages.heading")} intro={t("marketImages.intro")}>
      <ImageEditor action={action} section={section} reply={reply} headingLevel={3} />
    </PanelSection>
  );
}
