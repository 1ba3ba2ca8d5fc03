import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { THEMES, type Theme } from "~/theme/theme";
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type EmailChangeNotice,
  type SettingsFailure,
  type SettingsField,
  type SettingsIntent,
} from "../settings-forms";
import { FieldError, SubmitButton, TextField, hintClass, labelClass } from "~/components/ui/form-fields";
import { IntentInput, SettingsSection } from "./form-parts";

/** The failure of this form, if the last post was this form's; other forms keep quiet. */
function failureOf(failure: SettingsFailure | undefined, ...intents: SettingsIntent[]) {
  return failure && intents.includes(failure.intent) ? failure : undefined;
}

/** A message for the whole form, not one field (a library failure, a refused request). */
function FormError({ failure }: { failure?: SettingsFailure }) {
  if (!failure?.errors.form) return null;
  return (
    <p className="mb-4 rounded-lg border border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
      {failure.errors.form}
    </p>
  );
}

/** Field ids, so the summary at the top of the page can link to the field that needs attention. */
export const FIELD_IDS = {
  name: "navn",
  avatar: "profilbillede-fil",
  newEmail: "ny-email",
  currentPassword: "nuvaerende-adgangskode",
  newPassword: "ny-adgangskode",
  confirmPassword: "gentag-adgangskode",
  theme: "tema-lys",
  password: "slet-adgangskode",
  confirmEmail: "slet-email",
} as const satisfies Record<Exclude<SettingsField, "form">, string>;

const SECTION_IDS: Record<SettingsIntent, string> = {
  name: "profil",
  avatar: "profilbillede",
  "avatar-remove": "profilbillede",
  email: "email",
  password: "adgangskode",
  theme: "tema",
  delete: "slet-konto",
  unknown: "main-content",
};

/**
 * After a post that failed without JavaScript the browser shows the top of the page: this says
 * what went wrong and links to the field, wherever on the page it is.
 */
export function FailureSummary({ failure }: { failure?: SettingsFailure }) {
  if (!failure) return null;
  const entries = (Object.entries(failure.errors) as [SettingsField, string | undefined][]).filter((entry): entry is [SettingsField, string] =>
    Boolean(entry[1]),
  );
  if (!entries.length) return null;
  const target = (field: SettingsField) => (field === "form" ? SECTION_IDS[failure.intent] : FIELD_IDS[field]);
  return (
    <div role="alert" className="mt-6 rounded-xl border border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50">
      <p className="font-semibold">{t("settings.summaryHeading")}</p>
      <ul className="mt-2 list-disc pl-5">
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${target(field)}`} className="text-red-950 dark:text-red-50">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NameForm({ name, failure }: { name: string; failure?: SettingsFailure }) {
  const own = failureOf(failure, "name");
  return (
    <SettingsSection id="profil" heading={t("settings.name.heading")} intro={t("settings.name.intro")}>
      <Form method="post" className="grid gap-4">
        <IntentInput intent="name" />
        <TextField
          className="max-w-md"
          id={FIELD_IDS.name}
          name="name"
          label={t("settings.name.label")}
          autoComplete="name"
          required
          maxLength={NAME_MAX_LENGTH}
          defaultValue={own?.values.name ?? name}
          error={own?.errors.name}
        />
        <div>
          <SubmitButton intent="name" label={t("settings.name.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </SettingsSection>
  );
}

export function AvatarForm({
  name,
  avatar,
  failure,
}: {
  name: string;
  avatar: { src: string; srcSet: string } | null;
  failure?: SettingsFailure;
}) {
  const own = failureOf(failure, "avatar", "avatar-remove");
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  return (
    <SettingsSection id="profilbillede" heading={t("settings.avatar.heading")} intro={t("settings.avatar.intro")}>
      <div className="flex flex-wrap items-center gap-4">
        {avatar ? (
          <img src={avatar.src} srcSet={avatar.srcSet} sizes="96px" width={96} height={96} alt={t("settings.avatar.currentAlt")} className="size-24 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-24 place-items-center rounded-full bg-emerald-800 text-4xl font-bold text-white dark:bg-emerald-300 dark:text-stone-950">
            {initial}
          </span>
        )}
        <p className="text-stone-700 dark:text-stone-300">{avatar ? t("settings.avatar.hasAvatar") : t("settings.avatar.noAvatar")}</p>
      </div>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4">
        <IntentInput intent="avatar" />
        <div>
          <label htmlFor={FIELD_IDS.avatar} className={labelClass}>
            {t("settings.avatar.label")}
          </label>
          <p id="profilbillede-hint" className={hintClass}>
            {t("settings.avatar.hint")}
          </p>
          <input
            id={FIELD_IDS.avatar}
            name="avatar"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            required
            aria-invalid={own?.errors.avatar ? true : undefined}
            aria-describedby={own?.errors.avatar ? "profilbillede-hint profilbillede-fil-fejl" : "profilbillede-hint"}
            className="mt-2 block w-full max-w-md text-base file:mr-3 file:rounded-lg file:border file:border-stone-400 file:bg-white file:px-3 file:py-2 file:font-medium file:text-stone-900 dark:file:border-stone-500 dark:file:bg-stone-800 dark:file:text-stone-50"
          />
          <FieldError id={`${FIELD_IDS.avatar}-fejl`} message={own?.errors.avatar} />
        </div>
        <div>
          <SubmitButton intent="avatar" label={t("settings.avatar.submit")} pendingLabel={t("settings.uploading")} />
        </div>
      </Form>
      {avatar ? (
        <Form method="post" className="mt-3">
          <IntentInput intent="avatar-remove" />
          <SubmitButton intent="avatar-remove" variant="secondary" label={t("settings.avatar.remove")} pendingLabel={t("settings.saving")} />
        </Form>
      ) : null}
    </SettingsSection>
  );
}

function EmailNotice({ notice }: { notice: EmailChangeNotice | null }) {
  if (!notice) return null;
  let message: string;
  let tone: "info" | "success" | "problem" = "info";
  switch (notice.kind) {
    case "changed":
      message = t("settings.email.noticeChanged", { email: notice.email });
      tone = "success";
      break;
    case "awaiting-current":
      message = t("settings.email.noticeAwaitingCurrent", { current: notice.current, next: notice.next });
      break;
    case "awaiting-new":
      message = t("settings.email.noticeAwaitingNew", { next: notice.next });
      break;
    case "approved":
      message = notice.next ? t("settings.email.noticeApproved", { next: notice.next }) : t("settings.email.noticeApprovedUnknown");
      break;
    case "link-failed":
      tone = "problem";
      message =
        notice.reason === "expired"
          ? t("settings.email.noticeExpired")
          : notice.reason === "other-user"
            ? t("settings.email.noticeOtherUser")
            : t("settings.email.noticeInvalid");
      break;
  }
  const colours = {
    info: "border-sky-700 bg-sky-50 text-sky-950 dark:border-sky-400 dark:bg-sky-950 dark:text-sky-50",
    success: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50",
    problem: "border-red-700 bg-red-50 text-red-950 dark:border-red-400 dark:bg-red-950 dark:text-red-50",
  }[tone];
  return (
    <p role="status" className={`mb-4 rounded-lg border p-3 ${colours}`}>
      {message}
    </p>
  );
}

export function EmailForm({
  email,
  emailVerified,
  notice,
  failure,
}: {
  email: string;
  emailVerified: boolean;
  notice: EmailChangeNotice | null;
  failure?: SettingsFailure;
}) {
  const own = failureOf(failure, "email");
  return (
    <SettingsSection
      id="email"
      heading={t("settings.email.heading")}
      intro={
        <p>
          {t("settings.email.current")} <strong className="break-all">{email}</strong>{" "}
          ({emailVerified ? t("settings.email.verified") : t("settings.email.unverified")})
        </p>
      }
    >
      <EmailNotice notice={notice} />
      <FormError failure={own} />
      <Form method="post" className="grid gap-4">
        <IntentInput intent="email" />
        <TextField
          className="max-w-md"
          id={FIELD_IDS.newEmail}
          name="newEmail"
          type="email"
          label={t("settings.email.label")}
          hint={emailVerified ? t("settings.email.howVerified") : t("settings.email.howUnverified")}
          autoComplete="email"
          required
          defaultValue={own?.values.newEmail ?? ""}
          error={own?.errors.newEmail}
        />
        <div>
          <SubmitButton intent="email" label={t("settings.email.submit")} pendingLabel={t("settings.sending")} />
        </div>
      </Form>
    </SettingsSection>
  );
}

export function PasswordForm({ hasPassword, failure }: { hasPassword: boolean; failure?: SettingsFailure }) {
  const own = failureOf(failure, "password");
  if (!hasPassword) {
    return (
      <SettingsSection id="adgangskode" heading={t("settings.password.heading")}>
        <p>{t("settings.password.noPassword")}</p>
        <p className="mt-3">
          <Link to="/forgot-password">{t("settings.password.choosePassword")}</Link>
        </p>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection id="adgangskode" heading={t("settings.password.heading")} intro={t("settings.password.intro")}>
      <FormError failure={own} />
      <Form method="post" className="grid gap-4">
        <IntentInput intent="password" />
        {/* Password managers file the new password under the account's address. */}
        <TextField
          className="max-w-md"
          id={FIELD_IDS.currentPassword}
          name="currentPassword"
          type="password"
          label={t("settings.password.current")}
          autoComplete="current-password"
          required
          error={own?.errors.currentPassword}
        />
        <TextField
          className="max-w-md"
          id={FIELD_IDS.newPassword}
          name="newPassword"
          type="password"
          label={t("settings.password.new")}
          hint={t("settings.password.newHint", { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          error={own?.errors.newPassword}
        />
        <TextField
          className="max-w-md"
          id={FIELD_IDS.confirmPassword}
          name="confirmPassword"
          type="password"
          label={t("settings.password.confirm")}
          autoComplete="new-password"
          required
          error={own?.errors.confirmPassword}
        />
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" name="revokeOtherSessions" className="size-4" />
          {t("settings.password.revokeOthers")}
        </label>
        <div>
          <SubmitButton intent="password" label={t("settings.password.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </SettingsSection>
  );
}

const THEME_LABELS: Record<Theme, string> = {
  light: t("settings.theme.light"),
  dark: t("settings.theme.dark"),
  system: t("settings.theme.system"),
};

const THEME_IDS: Record<Theme, string> = { light: "tema-lys", dark: "tema-moerk", system: "tema-system" };

export function ThemeForm({ theme, failure }: { theme: Theme; failure?: SettingsFailure }) {
  const own = failureOf(failure, "theme");
  return (
    <SettingsSection id="tema" heading={t("settings.theme.heading")} intro={t("settings.theme.intro")}>
      {/* The key makes the radios follow a change made with the header's switcher. */}
      <Form method="post" className="grid gap-4" key={theme}>
        <IntentInput intent="theme" />
        <fieldset aria-describedby={own?.errors.theme ? "tema-fejl" : undefined}>
          <legend className={labelClass}>{t("settings.theme.legend")}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {THEMES.map((option) => (
              <label key={option} htmlFor={THEME_IDS[option]} className="inline-flex items-center gap-2">
                <input id={THEME_IDS[option]} type="radio" name="theme" value={option} defaultChecked={theme === option} className="size-4" />
                {THEME_LABELS[option]}
              </label>
            ))}
          </div>
          <FieldError id="tema-fejl" message={own?.errors.theme} />
        </fieldset>
        <div>
          <SubmitButton intent="theme" label={t("settings.theme.submit")} pendingLabel={t("settings.saving")} />
        </div>
      </Form>
    </SettingsSection>
  );
}

export function ExportSection({ href }: { href: string }) {
  return (
    <SettingsSection id="data" heading={t("settings.export.heading")} intro={t("settings.export.intro")}>
      {/* A file, not a page: the browser downloads it, whether or not JavaScript runs. */}
      <a href={href} download className={buttonClass("secondary")}>
        {t("settings.export.download")}
      </a>
    </SettingsSection>
  );
}

export function DeleteAccountForm({ email, hasPassword, failure }: { email: string; hasPassword: boolean; failure?: SettingsFailure }) {
  const own = failureOf(failure, "delete");
  return (
    <SettingsSection id="slet-konto" heading={t("settings.delete.heading")} tone="danger" intro={t("settings.delete.intro")}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("settings.delete.consequencePersonal")}</li>
        <li>{t("settings.delete.consequenceSessions")}</li>
        <li>{t("settings.delete.consequenceMarkets")}</li>
        <li>{t("settings.delete.consequencePosts")}</li>
      </ul>
      <p className="mt-3 font-semibold">{t("settings.delete.irreversible")}</p>
      <FormError failure={own} />
      <Form method="post" className="mt-4 grid gap-4">
        <IntentInput intent="delete" />
        {hasPassword ? (
          <TextField
            className="max-w-md"
            id={FIELD_IDS.password}
            name="password"
            type="password"
            label={t("settings.delete.passwordLabel")}
            autoComplete="current-password"
            required
            error={own?.errors.password}
          />
        ) : (
          <TextField
            className="max-w-md"
            id={FIELD_IDS.confirmEmail}
            name="confirmEmail"
            type="email"
            label={t("settings.delete.emailLabel", { email })}
            hint={t("settings.delete.emailHint")}
            autoComplete="off"
            required
            defaultValue={own?.values.confirmEmail ?? ""}
            error={own?.errors.confirmEmail}
          />
        )}
        <div>
          <SubmitButton intent="delete" variant="danger" label={t("settings.delete.submit")} pendingLabel={t("settings.deleting")} />
        </div>
      </Form>
    </SettingsSection>
  );
}
