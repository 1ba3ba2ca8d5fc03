import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { lazyModule } from "~/lib/lazy-module.server";
import { config } from "../lib/config.server";
import { logger } from "../lib/logger.server";

const nodemailer = lazyModule<typeof import("nodemailer")>("nodemailer");

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged when there is no SMTP server so a developer can click it. */
  link?: string;
}

let transporter: Transporter | null = null;
let transporterUrl: string | null = null;

/**
 * Sends a mail over SMTP_URL. Without it the mail is written to <data>/outbox/ as an .eml file
 * and its link is logged: a fresh clone can sign up without a mail server.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const settings = config();
  if (!settings.smtpUrl) {
    const outbox = path.join(settings.dataDir, "outbox");
    mkdirSync(outbox, { recursive: true });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^a-z0-9@.-]/gi, "_")}.eml`);
    const message = await new Promise<Buffer>((resolve, reject) => {
      nodemailer().createTransport({ streamTransport: true, buffer: true }).sendMail({ from: settings.mailFrom, ...mail }, (error, info) => {
        if (error) reject(error);
        else resolve(info.message as Buffer);
      });
    });
    writeFileSync(file, message);
    logger().info({ to: mail.to, subject: mail.subject, link: mail.link, file }, "mail written to the outbox (no SMTP_URL)");
    return;
  }
  if (!transporter || transporterUrl !== settings.smtpUrl) {
    transporter = nodemailer().createTransport(settings.smtpUrl);
    transporterUrl = settings.smtpUrl;
  }
  await transporter.sendMail({ from: settings.mailFrom, ...mail });
}
