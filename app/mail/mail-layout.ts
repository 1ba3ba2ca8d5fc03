import { escapeHtml } from "../lib/html";
import { t } from "../lib/i18n";

/**
 * One look for every mail the site sends: a plain HTML page that mail programs and screen readers
 * can read (a language, a title, real paragraphs, one clear link), and the same words as text.
 * Every value is escaped here, so a name like "<b>Ole</b>" arrives as those characters.
 */

export interface MailContent {
  /** The subject; also the HTML document's title. */
  subject: string;
  /** "Hej Ole". */
  greeting: string;
  /** What happened and what to do, before the link. */
  intro: string[];
  action: { label: string; url: string };
  /** Shown after the link: how long it works, what to do if the mail was not expected. */
  outro: string[];
}

const SIGNATURE = t("mail.signature");
const COPY_HINT = t("mail.copyHint");

export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const text = [content.greeting, ...content.intro, `${content.action.label}:\n${content.action.url}`, ...content.outro, SIGNATURE].join("\n\n");

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const url = escapeHtml(content.action.url);
  const html = `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:24px 12px;background:#f5f5f4;color:#1c1917;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-label="${escapeHtml(content.subject)}" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d6d3d1;border-radius:12px;padding:24px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#065f46">Loppeguiden</p>
${paragraph(content.greeting)}
${content.intro.map(paragraph).join("\n")}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#065f46;color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px">${escapeHtml(COPY_HINT)}<br><a href="${url}" style="color:#065f46;word-break:break-all">${url}</a></p>
${content.outro.map(paragraph).join("\n")}
<p style="margin:24px 0 0">${SIGNATURE.split("\n").map(escapeHtml).join("<br>")}</p>
</div>
</body>
</html>
`;
  return { subject: content.subject, text, html };
}
