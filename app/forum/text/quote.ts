/** Markdown's own characters, escaped in a name so that it stays the name. */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|<>~&]/g;

/**
 * What "Citér" puts into a reply: who wrote it, then each line of the post as a Markdown quote,
 * then an empty line for the answer. Browser-safe: the topic's page hands it to its script.
 */
export function quoteMarkdown(authorName: string, markdown: string): string {
  const name = authorName
    .replace(/\s+/g, " ")
    .trim()
    .replace(MARKDOWN_SPECIAL, (character) => `\\${character}`);
  const lines = markdown.trim().split(/\r?\n/);
  return `> **${name}** skrev:\n${lines.map((line) => (line ? `> ${line}` : ">")).join("\n")}\n\n`;
}
