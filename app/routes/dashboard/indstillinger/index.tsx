import { useActionData, useRouteLoaderData } from "react-router";
import { AvatarForm } from "~/account/settings/AvatarForm";
import { DeleteAccountForm } from "~/account/settings/DeleteAccountForm";
import { EmailForm } from "~/account/settings/EmailForm";
import { ExportSection } from "~/account/settings/ExportSection";
import { FailureSummary } from "~/account/settings/FailureSummary";
import { NameForm } from "~/account/settings/NameForm";
import { PasswordForm } from "~/account/settings/PasswordForm";
import { ThemeForm } from "~/account/settings/ThemeForm";
import { DATA_EXPORT_PATH } from "~/account/dashboard-pages";
import { settingsAction, settingsPageData } from "~/account/settings.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { loader as rootLoader } from "../../../root";
import type { Route } from "./+types/index";

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
  // Each form shows the reply labelled with its own id; the summary shows any of them.
  const reply = useActionData<typeof action>();
  const theme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  const { constraints } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("settings.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("settings.intro")}</p>
      <FailureSummary reply={reply} />
      <div className="mt-6 grid gap-6">
        <NameForm name={loaderData.name} reply={reply} constraint={constraints.name} />
        <AvatarForm name={loaderData.name} avatar={loaderData.avatar} reply={reply} constraint={constraints.avatar} />
        <EmailForm
          email={loaderData.email}
          emailVerified={loaderData.emailVerified}
          notice={loaderData.emailNotice}
          reply={reply}
          constraint={constraints.email}
        />
        <PasswordForm hasPassword={loaderData.hasPassword} passwordMin={loaderData.passwordMin} reply={reply} constraint={constraints.password} />
        <ThemeForm theme={theme} reply={reply} constraint={constraints.theme} />
        <ExportSection href={DATA_EXPORT_PATH} />
        <DeleteAccountForm email={loaderData.email} hasPassword={loaderData.hasPassword} reply={reply} constraint={constraints.delete} />
      </div>
    </>
  );
}
