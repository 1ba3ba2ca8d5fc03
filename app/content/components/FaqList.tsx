import { t } from "~/lib/i18n";
import type { FaqSection } from "../types";
import { Prose } from "./Prose";

/**
 * Questions and answers, each question with its own anchor (/faq#<id>) and a link to it, so a
 * reply to a visitor can point at one answer. The list of questions at the top jumps down to them.
 */
export function FaqContents({ sections }: { sections: FaqSection[] }) {
  return (
    <nav aria-labelledby="sporgsmaal-paa-siden" className="mt-8 max-w-3xl rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">
      <h2 id="sporgsmaal-paa-siden" className="text-xl font-bold">
        {t("content.faq.contentsHeading")}
      </h2>
      {sections.map((section) => (
        <div key={section.id} className="mt-4">
          <p className="font-semibold">
            <a href={`#${section.id}`}>{section.heading}</a>
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {section.questions.map((question) => (
              <li key={question.id}>
                <a href={`#${question.id}`}>{question.question}</a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function FaqSections({ sections, headingLevel = 2 }: { sections: FaqSection[]; headingLevel?: 2 | 3 }) {
  const SectionHeading = headingLevel === 2 ? "h2" : "h3";
  const QuestionHeading = headingLevel === 2 ? "h3" : "h4";
  const sizes = headingLevel === 2 ? { section: "text-2xl", question: "text-xl" } : { section: "text-xl", question: "text-lg" };
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className={`max-w-3xl ${headingLevel === 2 ? "mt-10" : "mt-6"}`}>
          <SectionHeading id={section.id} className={`scroll-mt-4 font-bold ${sizes.section}`}>
            {section.heading}
          </SectionHeading>
          {section.questions.map((question) => (
            <div key={question.id} className="mt-6 border-t border-stone-300 pt-5 dark:border-stone-700">
              <QuestionHeading id={question.id} className={`scroll-mt-4 font-semibold ${sizes.question}`}>
                {question.question}{" "}
                <a href={`#${question.id}`} className="text-base font-normal text-stone-600 no-underline hover:underline dark:text-stone-400">
                  <span aria-hidden="true">#</span>
                  <span className="sr-only">{t("content.faq.directLink")}</span>
                </a>
              </QuestionHeading>
              <Prose html={question.html} className="mt-2" />
            </div>
          ))}
        </section>
      ))}
    </>
  );
}
