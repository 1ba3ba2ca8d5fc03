import { redirect } from "react-router";
import { bannerClosedCookie, isBannerId } from "~/consent/consent";
import { t } from "~/lib/i18n";
import { safeNextPath } from "~/lib/next-path";
import type { Route } from "./+types/close-banner";

const plainText = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * POST /luk-banner: closes an information banner (the demo-data notice, an announcement) for 30
 * days. A plain form post, so it works without JavaScript; the server then leaves the banner out.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const id = form.get("id");
  if (!isBannerId(id)) return plainText(t("consent.errors.invalidBanner"), 400);
  const secure = new URL(request.url).protocol === "https:";
  const headers = { "Set-Cookie": bannerClosedCookie(id, secure) };
  if (form.get("background") === "1") return Response.json({ closed: id }, { headers });
  return redirect(safeNextPath(form.get("next")), { status: 303, headers });
}

export function loader() {
  return plainText(t("api.notFound"), 404);
}
