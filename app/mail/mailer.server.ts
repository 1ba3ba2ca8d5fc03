import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Config } from "~/lib/config.server";
import { lazyModule } from "~/lib/memo/lazy-module.server";

const nodemailer = lazyModule<typeof import("nodemailer")>("nodemailer");

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged when there is no SMTP server so a developer can click it. */
  link?: string;
  /** Where an answer to the mail goes, when not to the site's own address. */
  replyTo?: string;
}

/** Sends one mail; what the modules that mail someone are handed (a site's `mailer.send`, or a test's fake). */
export type SendMail = (mail: Mail) => Promise<void>;

/** A site's way out for mail: createSite makes one from the site's settings. */
export interface Mailer {
  /** A function of its own, so that it can be handed on alone (`site().mailer.send`). */
  send: SendMail;
}

export type MailSettings = Pick<Config, "smtpUrl" | "dataDir" | "mailFrom">;

/**
 * Sends mail over SMTP_URL. Without it each mail is written to <data>/outbox/ as an .eml file
 * and its link is logged: a fresh clone can sign up without a mail server.
 */
export function createMailer(settings: MailSettings, logger: Logger): Mailer {
  // Made at the first mail: a site that never mails never loads nodemailer.
  let transporter: Transporter | null = null;

  async function writeToOutbox(mail: Mail): Promise<void> {
    const outbox = path.join(settings.dataDir, "outbox");
    mkdirSync(outbox, { recursive: true });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^a-z0-9@.-]/gi, "_")}.eml`);
    const message = await new Promise<Buffer>((resolve, reject) => {
      nodemailer()
        .createTransport({ streamTransport: true, buffer: true })
        .sendMail({ from: settings.mailFrom, ...mail }, (error, info) => {
          if (error) reject(error);
          else resolve(info.message as Buffer);
        });
    });
    writeFileSync(file, message);
    logger.info({ to: mail.to, subject: mail.subject, link: mail.link, file }, "mail written to the outbox (no SMTP_URL)");
  }

  return {
    async send(mail) {
      if (!settings.smtpUrl) return writeToOutbox(mail);
      transporter ??= nodemailer().createTransport(settings.smtpUrl);
      await transporter.sendMail({ from: settings.mailFrom, ...mail });
    },
  };
}
