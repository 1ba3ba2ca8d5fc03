import LinkifyIt from "linkify-it";

/** A piece of a description: text as written, or a link the text held. */
export type DescriptionPart = { text: string } | { text: string; href: string };

const linkify = new LinkifyIt();

/**
 * An organiser's plain-text description as paragraphs (split at blank lines), with the web
 * addresses and e-mail addresses in it found by linkify-it. The page renders parts as text, so
 * nothing a person types becomes markup; only what linkify-it recognises becomes a link.
 */
export function descriptionParagraphs(description: string): DescriptionPart[][] {
  return description
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const parts: DescriptionPart[] = [];
      let from = 0;
      for (const match of linkify.match(paragraph) ?? []) {
        if (match.index > from) parts.push({ text: paragraph.slice(from, match.index) });
        parts.push({ text: match.text, href: match.url });
        from = match.lastIndex;
      }
      if (from < paragraph.length) parts.push({ text: paragraph.slice(from) });
      return parts;
    });
}
