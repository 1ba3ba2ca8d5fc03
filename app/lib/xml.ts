const XML_SPECIAL = /[&<>"']/;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for an XML document (a sitemap, the blog's RSS): the five special characters as entities. */
export function escapeXml(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!) : text;
}
