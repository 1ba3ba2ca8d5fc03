import { useState, useSyncExternalStore } from "react";
import { Link, data } from "react-router";
import { viewerIn } from "~/http/session.server";
import { requestSessionCheck, sessionCheckLog, type CheckRecord } from "~/auth/session-watch";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { DANISH_TIME_ZONE, formatDanishDate } from "~/lib/dates";
import type { Route } from "./+types/auth-debug";

/**
 * product §2's auth test page: the visitor's own session as the server sees it and as this tab has
 * checked it. Only the viewer's own state, never a token or a secret, so unlike the /test routes
 * that fail on purpose it is on in production too, like /test/geolocation.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = await viewerIn(context);
  if (!viewer) return data({ viewer: null });
  return data(
    {
      viewer: {
        userId: viewer.user.id,
        roles: viewer.roles,
        emailVerified: viewer.user.emailVerified,
        expiresAt: viewer.session.expiresAt,
        expiresLabel: formatDanishDate(viewer.session.expiresAt, { pattern: "EEE d. MMM yyyy 'kl.' HH.mm" }),
        profileFound: viewer.profile !== null,
      },
    },
    // One person's page: no shared cache may keep it.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta() {
  return [...pageMeta(t("session.debug.title"), t("session.debug.description")), { name: "robots", content: "noindex,nofollow" }];
}

const TRIGGERS: Record<CheckRecord["trigger"], () => string> = {
  start: () => t("session.debug.trigger.start"),
  visible: () => t("session.debug.trigger.visible"),
  focus: () => t("session.debug.trigger.focus"),
  interval: () => t("session.debug.trigger.interval"),
  manual: () => t("session.debug.trigger.manual"),
};

const OUTCOMES: Record<CheckRecord["outcome"], () => string> = {
  "signed-in": () => t("session.debug.outcome.signed-in"),
  "signed-out": () => t("session.debug.outcome.signed-out"),
  timeout: () => t("session.debug.outcome.timeout"),
  failed: () => t("session.debug.outcome.failed"),
};

const PROFILE_STATES: Record<NonNullable<CheckRecord["profile"]>, () => string> = {
  ok: () => t("session.debug.profileState.ok"),
  missing: () => t("session.debug.profileState.missing"),
  error: () => t("session.debug.profileState.error"),
  timeout: () => t("session.debug.profileState.timeout"),
};

const clockTime = new Intl.DateTimeFormat("da-DK", { timeZone: DANISH_TIME_ZONE, hour: "2-digit", minute: "2-digit", second: "2-digit" });

const emptyHistory: readonly CheckRecord[] = [];

function CheckHistory({ signedIn }: { signedIn: boolean }) {
  const log = sessionCheckLog();
  const entries = useSyncExternalStore(log.subscribe, log.entries, () => emptyHistory);
  const [checking, setChecking] = useState(false);
  const checkNow = async () => {
    setChecking(true);
    try {
      await requestSessionCheck();
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      {signedIn ? (
        <button type="button" className={`${buttonClass("secondary")} mt-3`} onClick={() => void checkNow()} disabled={checking}>
          {checking ? t("session.debug.checking") : t("session.debug.checkNow")}
        </button>
      ) : null}
      {entries.length ? (
        <ol className="mt-4 grid gap-2" data-testid="session-checks">
          {entries.map((entry) => (
            <li key={`${entry.at}-${entry.trigger}`} className="rounded-lg border border-stone-300 p-3 dark:border-stone-700">
              <p className="font-semibold">
                <time dateTime={entry.at}>{clockTime.format(new Date(entry.at))}</time> · {TRIGGERS[entry.trigger]()}
              </p>
              <p>
                {t("session.debug.columnOutcome")}: <span data-outcome={entry.outcome}>{OUTCOMES[entry.outcome]()}</span> · {t("session.debug.columnDuration")}:{" "}
                {t("session.debug.durationValue", { ms: entry.ms })}
                {entry.profile ? ` · ${t("session.debug.columnProfile")}: ${PROFILE_STATES[entry.profile]()}` : null}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4">{t("session.debug.checksEmpty")}</p>
      )}
    </>
  );
}

export default function AuthDebug({ loaderData }: Route.ComponentProps) {
  const { viewer } = loaderData;
  const hydrated = useHydrated();
  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("session.debug.heading")}</h1>
      <p className="mt-2 text-lg text-stone-700 dark:text-stone-300">{t("session.debug.intro")}</p>

      <section className="mt-6 rounded-xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900" aria-labelledby="server-session">
        <h2 id="server-session" className="text-2xl font-bold">
          {t("session.debug.serverHeading")}
        </h2>
        {viewer ? (
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]" data-testid="session-facts">
            <dt className="font-semibold">{t("session.debug.userId")}</dt>
            <dd className="break-all" data-testid="session-user-id">
              {viewer.userId}
            </dd>
            <dt className="font-semibold">{t("session.debug.roles")}</dt>
            <dd data-testid="session-roles">{viewer.roles.join(", ")}</dd>
            <dt className="font-semibold">{t("session.debug.expires")}</dt>
            <dd>
              <time dateTime={viewer.expiresAt} data-testid="session-expires">
                {viewer.expiresLabel}
              </time>
            </dd>
            <dt className="font-semibold">{t("session.debug.emailVerified")}</dt>
            <dd>{viewer.emailVerified ? t("session.debug.yes") : t("session.debug.no")}</dd>
            <dt className="font-semibold">{t("session.debug.profile")}</dt>
            <dd data-testid="session-profile">{viewer.profileFound ? t("session.debug.profileFound") : t("session.debug.profileNotFound")}</dd>
          </dl>
        ) : (
          <p className="mt-3" data-testid="session-signed-out">
            {t("session.debug.signedOut")} <Link to={`/sign-in?next=${encodeURIComponent("/test/auth-debug")}`}>{t("session.debug.signInLink")}</Link>
          </p>
        )}
      </section>

      <section className="mt-6" aria-labelledby="session-checks-heading">
        <h2 id="session-checks-heading" className="text-2xl font-bold">
          {t("session.debug.checksHeading")}
        </h2>
        {hydrated ? <CheckHistory signedIn={viewer !== null} /> : <p className="mt-3">{t("session.debug.checksNeedJs")}</p>}
      </section>
    </article>
  );
}
