import type { FormContext, unstable_createFormContext } from "@conform-to/dom";
import type { z } from "zod";
import { FIELD_ERROR_CLASS } from "~/components/ui/field-look";
import type { validateWith } from "./validate";

/**
 * The browser's half of a form on a page without React (decision 0022), as useSchemaForm is on a
 * page with React: the same engine (Conform's form context, which its useForm is built on), the
 * same schema and validate.ts. The server rendered the fields with their limits, and its last
 * answer's messages and values. Once the person starts on the form (or it comes back refused) the
 * schema and the engine are fetched; from then on the whole form is checked when it is sent (and
 * stopped only when the schema says no), a wrong field again as it is corrected, each Danish
 * message is put at its field as TextField renders it, and the first wrong field takes the focus.
 * Until they have arrived the form is simply sent, and the server answers as it does without
 * JavaScript.
 *
 * While a post is on its way its button shows its pending label (data-pending-label) and a second
 * send goes nowhere, as SubmitButton does with React.
 */
export function enhanceForm(form: HTMLFormElement, schema?: () => Promise<z.ZodType>): void {
  let checks: FormContext | null = null;
  let loading = false;
  let sending = false;

  function loadChecks() {
    if (!schema || loading) return;
    loading = true;
    Promise.all([schema(), import("./validate"), import("@conform-to/dom")])
      .then(([loaded, validation, engine]) => {
        checks = startChecks(form, validation.validateWith(loaded), engine.unstable_createFormContext);
      })
      .catch(() => {
        // Offline or a new release: the server still checks everything; try again on the next focus.
        loading = false;
      });
  }

  form.addEventListener("focusin", loadChecks);
  // A form the server refused: the person is at it already, in its first wrong field (autofocus, no focus event to wait for).
  if (form.querySelector('[aria-invalid="true"]') || form.contains(document.activeElement)) loadChecks();
  form.addEventListener("submit", (event) => {
    if (sending) return event.preventDefault();
    if (checks) {
      const { submission } = checks.submit(event);
      // A wrong form, or the check of one field as it is corrected (Conform sends those as a submit too).
      if (submission && submission.status !== "success" && submission.error !== null) event.preventDefault();
    }
    if (event.defaultPrevented) return;
    sending = true;
    const button = pendingButton(form, event.submitter);
    // After the event: a button disabled during it would not send its name and value (the intent).
    if (button) setTimeout(() => showPending(button));
  });
  // Back to the page from the browser's cache: the post was sent, the form can be used again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    sending = false;
    for (const button of form.querySelectorAll<HTMLButtonElement>("button[data-label]")) showPending(button, false);
  });
}

type Validate = ReturnType<typeof validateWith>;
type CreateFormContext = typeof unstable_createFormContext;

/**
 * The engine on the form, starting from what the server's answer showed: its wrong fields are
 * checked again as they are corrected, and after such an answer the others too as they change.
 */
function startChecks(form: HTMLFormElement, validate: Validate, createFormContext: CreateFormContext): FormContext {
  const shown = shownErrors(form);
  const answered = Object.keys(shown).length > 0;
  const checks = createFormContext({
    formId: form.id,
    lastResult: { error: shown, fields: answered ? controls(form).map((control) => control.name) : [] },
    // As useSchemaForm: checked first when sent, then again as each wrong field is corrected.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validate(formData),
  });
  checks.subscribe(() => showErrors(form, checks.getState().error));
  form.addEventListener("input", (event) => checks.onInput(event));
  // Says the browser checks this form from now on (the browser tests wait for it).
  form.dataset.checks = "browser";
  return checks;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The fields a person fills in: named, with an id (their messages are "<id>-fejl"), not hidden. */
function controls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) &&
      element.name !== "" &&
      element.id !== "" &&
      element.type !== "hidden",
  );
}

const errorId = (control: Control) => `${control.id}-fejl`;

/** The messages the server put at the fields, by field name. */
function shownErrors(form: HTMLFormElement): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const control of controls(form)) {
    const message = control.getAttribute("aria-invalid") === "true" ? document.getElementById(errorId(control))?.textContent : null;
    if (message) errors[control.name] = [message];
  }
  return errors;
}

/** Each field's first message, or none. */
function showErrors(form: HTMLFormElement, errors: Record<string, string[] | undefined>) {
  for (const control of controls(form)) showError(control, errors[control.name]?.[0]);
}

/** A message right after its field and read out with it (aria-describedby, after any hint), as TextField renders it. */
function showError(control: Control, message: string | undefined) {
  const id = errorId(control);
  const others = (control.getAttribute("aria-describedby") ?? "").split(" ").filter((token) => token !== "" && token !== id);
  const describedBy = message ? [...others, id] : others;
  if (describedBy.length > 0) control.setAttribute("aria-describedby", describedBy.join(" "));
  else control.removeAttribute("aria-describedby");
  if (message) control.setAttribute("aria-invalid", "true");
  else control.removeAttribute("aria-invalid");

  const shown = document.getElementById(id);
  if (!message) shown?.remove();
  else if (shown) shown.textContent = message;
  else {
    const created = document.createElement("p");
    created.id = id;
    created.className = FIELD_ERROR_CLASS;
    created.textContent = message;
    control.after(created);
  }
}

/** The button that sent the form (the form's own one when sent with Enter), if it has a pending label. */
function pendingButton(form: HTMLFormElement, submitter: HTMLElement | null): HTMLButtonElement | null {
  const button = submitter ?? form.querySelector("button[type=submit]");
  return button instanceof HTMLButtonElement && button.dataset.pendingLabel ? button : null;
}

function showPending(button: HTMLButtonElement, pending = true) {
  if (pending) {
    button.dataset.label = button.textContent ?? "";
    button.textContent = button.dataset.pendingLabel!;
  } else {
    button.textContent = button.dataset.label!;
    delete button.dataset.label;
  }
  button.disabled = pending;
}
