import { describe, expect, it } from "vitest";
import { submissionReceivedMail } from "./submission-mails.server";

const to = { name: "Hanne <b>Jensen</b>", email: "hanne@eksempel.dk" };
const baseUrl = "https://loppeguiden.dk";

describe("the mail after sending a market", () => {
  it("says a market waiting for review is looked at within two working days, and links to Mine markeder", () => {
    const mail = submissionReceivedMail({ to, market: { name: "Loppemarked på Torvet", slug: "loppemarked-paa-torvet-aarhus-c", status: "pending" }, baseUrl });
    expect(mail.to).toBe("hanne@eksempel.dk");
    expect(mail.subject).toBe("Vi har modtaget Loppemarked på Torvet");
    expect(mail.text).toContain("Hej Hanne <b>Jensen</b>");
    expect(mail.text).toContain("inden for 2 hverdage");
    expect(mail.text).toContain(`${baseUrl}/dashboard/mine-markeder`);
    // Every value is escaped in the HTML.
    expect(mail.html).toContain("Hanne &lt;b&gt;Jensen&lt;/b&gt;");
    expect(mail.html).toContain('lang="da"');
  });

  it("links a market published at once to its page", () => {
    const mail = submissionReceivedMail({ to: { name: "", email: "a@b.dk" }, market: { name: "Antikmarked", slug: "antikmarked-odense-c", status: "published" }, baseUrl });
    expect(mail.subject).toBe("Antikmarked er nu på Loppeguiden");
    expect(mail.text.startsWith("Hej\n")).toBe(true);
    expect(mail.link).toBe(`${baseUrl}/markeder/antikmarked-odense-c`);
  });
});
