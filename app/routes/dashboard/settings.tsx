import { useActionData, useRouteLoaderData } from "react-router";
import {
  AvatarForm,
  DeleteAccountForm,
  EmailForm,
  ExportSection,
  FailureSummary,
  NameForm,
  PasswordForm,
  ThemeForm,
} from "~/account/components/SettingsForms";
import { DATA_EXPORT_PATH } from "~/account/dashboard-pages";
import { settingsAction, settingsPageData } from "~/account/settings.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/settings";

export function loader({ request }: Route.LoaderArgs) {
  return settingsPageData(request);
}

export function action({ request }: Route.ActionArgs) {
  return settingsAction(request);
}

export function headers({ parentHeaders, loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  // A refused attempt says when to try again.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("settings.title"),
    description: t("settings.description"),
    path: "/dashboard/indstillinger",
    robots: "noindex,follow",
  });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<typeof action>();
  const theme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("settings.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("settings.intro")}</p>
      <FailureSummary failure={failure} />
      <div className="mt-6 grid gap-6">
        <NameForm name={loaderData.name} failure={failure} />
        <AvatarForm name={loaderData.name} avatar={loaderData.avatar} failure={failure} />
        <EmailForm email={loaderData.email} emailVerified={loaderData.emailVerified} notice={loaderData.emailNotice} failure={failure} />
        <PasswordForm hasPassword={loaderData.hasPassword} failure={failure} />
        <ThemeForm theme={theme} failure={failure} />
        <ExportSection href={DATA_EXPORT_PATH} />
        <DeleteAccountForm email={loaderData.email} hasPassword={loaderData.hasPassword} failure={failure} />
      </div>
    </>
  );
}
