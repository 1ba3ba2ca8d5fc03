import { redirect } from "react-router";
import { bannerClosedCookie } from "~/consent/consent";
import { closeBannerSchema } from "~/consent/consent-forms.server";
import { parseForm } from "~/http/form.server";
import { t } from "~/lib/i18n";
import type { Route } from "./+types/luk-banner";

const plainText = (text: string, status: number) => new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /luk-banner: closes an information banner (the demo-data notice, an announcement) for 30
 * days. A plain form post, so it works without JavaScript; the server then leaves the banner out.
 */
export async function action({ url, request }: Route.ActionArgs) {
  const { submission } = await parseForm(request, closeBannerSchema);
  if (submission.status !== "success") return plainText(t("consent.errors.invalidBanner"), 400);
  const { id, next, background } = submission.value;
  const secure = url.protocol === "https:";
  const headers = { "Set-Cookie": bannerClosedCookie(id, secure) };
  if (background) return Response.json({ closed: id }, { headers });
  return redirect(next, { status: 303, headers });
}

export function loader() {
  return plainText(t("api.notFound"), 404);
}
