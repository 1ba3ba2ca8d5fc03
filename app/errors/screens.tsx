import type { ReactNode } from "react";
import { Link, useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { forcedClear } from "~/errors/client-storage";
import { t } from "~/lib/i18n";

interface ScreenProps {
  heading: string;
  body: string;
  children?: ReactNode;
  /** Component errors sit inside a page that already has its H1. */
  headingLevel?: 1 | 2;
  code?: string;
}

function ErrorScreen({ heading, body, children, headingLevel = 1, code }: ScreenProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section
      className="mx-auto my-12 max-w-xl rounded-2xl border border-stone-300 bg-white p-8 text-center shadow-sm dark:border-stone-700 dark:bg-stone-900"
      aria-labelledby="error-heading"
    >
      {code ? <p className="text-5xl font-bold text-emerald-800 dark:text-emerald-300">{code}</p> : null}
      <Heading id="error-heading" className="mt-2 text-2xl font-bold">
        {heading}
      </Heading>
      <p className="mt-3 text-stone-700 dark:text-stone-300">{body}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

function HomeLink() {
  return (
    <Link to="/" className={buttonClass("primary")} reloadDocument>
      {t("errors.backHome")}
    </Link>
  );
}

/** A link to this very page: without JavaScript it reloads it, with it `onClick` does better. */
function SamePageAction({ label, onClick }: { label: string; onClick: () => void }) {
  const location = useLocation();
  return (
    <a
      href={location.pathname + location.search}
      className={buttonClass("secondary")}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      {label}
    </a>
  );
}

function ReloadAction() {
  return <SamePageAction label={t("errors.reload")} onClick={() => window.location.reload()} />;
}

function TryAgainAction() {
  const revalidator = useRevalidator();
  return <SamePageAction label={t("errors.tryAgain")} onClick={() => void revalidator.revalidate()} />;
}

export function NotFoundScreen() {
  return (
    <ErrorScreen code="404" heading={t("errors.notFound.heading")} body={t("errors.notFound.body")}>
      <HomeLink />
    </ErrorScreen>
  );
}

/**
 * Someone signed in is refused because their account may not do this: signing in again would not
 * help, so they are offered their own pages. A visitor (who is normally sent to sign in before a
 * 403) is offered to sign in.
 */
export function AccessDeniedScreen() {
  const signedIn = useRouteLoaderData<{ signedIn: unknown }>("root")?.signedIn != null;
  return (
    <ErrorScreen code="403" heading={t("errors.unauthorized.heading")} body={signedIn ? t("errors.unauthorized.signedInBody") : t("errors.unauthorized.body")}>
      {signedIn ? (
        <Link to="/dashboard" className={buttonClass("secondary")}>
          {t("nav.myPage")}
        </Link>
      ) : (
        <Link to="/sign-in" className={buttonClass("secondary")}>
          {t("nav.signIn")}
        </Link>
      )}
      <HomeLink />
    </ErrorScreen>
  );
}

export function ServerErrorScreen() {
  return (
    <ErrorScreen code="500" heading={t("errors.serverError.heading")} body={t("errors.serverError.body")}>
      <ReloadAction />
      <HomeLink />
    </ErrorScreen>
  );
}

export function GenericErrorScreen() {
  return (
    <ErrorScreen heading={t("errors.generic.heading")} body={t("errors.generic.body")}>
      <ReloadAction />
      <TryAgainAction />
      <HomeLink />
    </ErrorScreen>
  );
}

/**
 * A request the page could not take (a form too large, in the wrong format, a method the page
 * does not answer). The texts are written out key by key: the browser bundle inlines each one.
 */
const STATUS_TEXTS: Record<number, () => { heading: string; body: string }> = {
  400: () => ({ heading: t("errors.status.400.heading"), body: t("errors.status.400.body") }),
  405: () => ({ heading: t("errors.status.405.heading"), body: t("errors.status.405.body") }),
  411: () => ({ heading: t("errors.status.411.heading"), body: t("errors.status.411.body") }),
  413: () => ({ heading: t("errors.status.413.heading"), body: t("errors.status.413.body") }),
  415: () => ({ heading: t("errors.status.415.heading"), body: t("errors.status.415.body") }),
};

export function hasStatusScreen(status: number): boolean {
  return status in STATUS_TEXTS;
}

export function StatusErrorScreen({ status }: { status: number }) {
  const texts = STATUS_TEXTS[status]?.() ?? { heading: t("errors.generic.heading"), body: t("errors.generic.body") };
  return (
    <ErrorScreen code={String(status)} heading={texts.heading} body={texts.body}>
      <HomeLink />
    </ErrorScreen>
  );
}

export function PageErrorScreen() {
  return (
    <ErrorScreen heading={t("errors.page.heading")} body={t("errors.page.body")}>
      <TryAgainAction />
      <HomeLink />
    </ErrorScreen>
  );
}

export function ComponentErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorScreen headingLevel={2} heading={t("errors.component.heading")} body={t("errors.component.body")}>
      <SamePageAction label={t("errors.tryAgain")} onClick={onRetry} />
    </ErrorScreen>
  );
}

/** Shown when the page shell itself failed. Details are a reference for support, never a stack. */
export function CriticalErrorScreen({ reference }: { reference?: string }) {
  return (
    <ErrorScreen heading={t("errors.critical.heading")} body={t("errors.critical.body")}>
      <form method="get" onSubmit={(event) => (event.preventDefault(), void forcedClear())}>
        <button type="submit" className={buttonClass("primary")}>
          {t("errors.critical.clearCache")}
        </button>
      </form>
      <ReloadAction />
      <HomeLink />
      {reference ? (
        <details className="mt-4 w-full text-left text-sm text-stone-700 dark:text-stone-300">
          <summary className="cursor-pointer">{t("errors.critical.details")}</summary>
          <p className="mt-2 font-mono break-all">{reference}</p>
        </details>
      ) : null}
    </ErrorScreen>
  );
}
