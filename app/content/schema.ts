/**
 * The tables of the content domain (0006_contact_messages). Only app/content/contact.server.ts
 * writes them.
 */
export interface ContentTables {
  contact_messages: ContactMessagesTable;
}

/**
 * A message sent through /kontakt. No network address or browser details are kept with it: the
 * operator needs the words and a way to answer, nothing more (see /privatlivspolitik).
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  /** What it is about: a ContactTopic (app/content/contact.ts). */
  topic: string;
  /** The plan an organiser asked about (app/markets/plans.ts), when the topic is a plan. */
  plan: string | null;
  message: string;
  created_at: string;
  /** When the copy to the operator left; null while it has not (the message is kept regardless). */
  mailed_at: string | null;
}
