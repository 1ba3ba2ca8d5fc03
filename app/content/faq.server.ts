import path from "node:path";
import { z } from "zod";
import { slugify } from "~/lib/slug";
import { ContentError, contentRoot, readContentFile } from "./content-files.server";
import type { Token, Tokens } from "marked";
import { htmlToText, markdownBlocks, renderMarkdown } from "./markdown.server";
import type { FaqDocument, FaqPage, FaqQuestion } from "./types";

/**
 * Questions and answers in Markdown: "## " starts a group ("For besøgende"), "### " a question,
 * and what follows a question is its answer. Each question gets an id from its words, so
 * /faq#kan-jeg-betale-med-mobilepay links straight to it.
 */

interface Draft {
  heading: string;
  questions: { question: string; answer: string[] }[];
}

/** A heading with its fields typed (marked's tokens include a generic kind whose fields are any). */
function isHeading(token: Token): token is Tokens.Heading {
  return token.type === "heading";
}

export function parseFaq(body: string, file: string): FaqDocument {
  const intro: string[] = [];
  const drafts: Draft[] = [];
  for (const token of markdownBlocks(body)) {
    const section = drafts.at(-1);
    const question = section?.questions.at(-1);
    if (isHeading(token) && token.depth === 2) drafts.push({ heading: token.text, questions: [] });
    else if (isHeading(token) && token.depth === 3) {
      if (!section) throw new ContentError(file, `the question "${token.text}" comes before any "## " group`);
      section.questions.push({ question: token.text, answer: [] });
    } else if (token.type === "heading") {
      throw new ContentError(file, `only "## " groups and "### " questions are allowed, not "${token.raw.trim()}"`);
    } else if (question) question.answer.push(token.raw);
    else if (section) {
      if (token.type !== "space") throw new ContentError(file, `text under "${section.heading}" comes before its first question`);
    } else intro.push(token.raw);
  }

  const ids = new Set<string>();
  const uniqueId = (text: string) => {
    const id = slugify(text);
    if (!id || ids.has(id)) throw new ContentError(file, `two headings would share the anchor "${id}"`);
    ids.add(id);
    return id;
  };
  const sections = drafts.map((draft) => {
    if (draft.questions.length === 0) throw new ContentError(file, `the group "${draft.heading}" has no questions`);
    return {
      id: uniqueId(draft.heading),
      heading: draft.heading,
      questions: draft.questions.map(({ question, answer }): FaqQuestion => {
        const markdown = answer.join("").trim();
        if (!markdown) throw new ContentError(file, `the question "${question}" has no answer`);
        const html = renderMarkdown(markdown);
        return { id: uniqueId(question), question, html, text: htmlToText(html) };
      }),
    };
  });
  return { introHtml: renderMarkdown(intro.join("").trim()), sections };
}

export const faqFrontMatter = z
  .object({
    title: z.string().trim().min(1).max(60),
    description: z.string().trim().min(50).max(170),
    heading: z.string().trim().min(1),
  })
  .strict();

function readFaqFile(file: string): FaqPage {
  const displayPath = path.relative(process.cwd(), file);
  const { meta, body } = readContentFile(file, faqFrontMatter, displayPath);
  return { ...meta, ...parseFaq(body, displayPath) };
}

const loaded = new Map<string, FaqPage>();

function cachedFaq(name: string): FaqPage {
  let page = loaded.get(name);
  if (!page) loaded.set(name, (page = readFaqFile(path.join(contentRoot(), name))));
  return page;
}

/** /faq: questions from visitors and organisers. */
export function siteFaq(): FaqPage {
  return cachedFaq("faq.md");
}

/** The questions about plans and payment at the foot of /priser. */
export function pricingFaq(): FaqPage {
  return cachedFaq("priser-faq.md");
}
