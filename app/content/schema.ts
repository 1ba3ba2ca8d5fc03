import type { Generated } from "kysely";

/**
 * The tables of the content domain (0006_contact_messages, 0019_contact_message_states). The
 * contact form (app/content/contact.server.ts) writes the messages; the admins' inbox (app/inbox/)
 * their states and answers.
 */
export interface ContentTables {
  contact_messages: ContactMessagesTable;
  contact_message_answers: ContactMessageAnswersTable;
}

/** new: nobody has answered it; answered: an admin wrote back; closed: nothing more to do. */
export type MessageState = "new" | "answered" | "closed";

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
  state: Generated<MessageState>;
  state_changed_at: string | null;
}

/** An admin's answer to a message, sent from the site's address to the sender. */
export interface ContactMessageAnswersTable {
  id: string;
  message_id: string;
  /** Null once the admin's account is deleted. */
  author_id: string | null;
  body: string;
  created_at: string;
  /** When the mail left; null when sending failed (the answer is kept, the admin told). */
  mailed_at: string | null;
}
