import { describe, expect, it } from "vitest";
import translation from "~/locales/da/translation.json";
import { claimSchema, contactKind } from "./claim-form";

const errors = translation.claims.form.errors;

describe("the claim form's rules", () => {
  it("takes a phone number or an e-mail address as people write them", () => {
    for (const phone of ["12345678", "12 34 56 78", "+45 12 34 56 78", "+299 32 10 00", "20-30-40-50"]) expect(contactKind(phone), phone).toBe("phone");
    for (const email of ["ole@example.com", " Ole.Hansen@Forening.DK "]) expect(contactKind(email), email).toBe("email");
    for (const neither of ["ring til mig", "1234", "ole@", "@example.com", "12 34 ab 78", "++4512345678"]) expect(contactKind(neither), neither).toBe("");
  });

  it("keeps an address in lower case, a number with single spaces, and an empty message as none", () => {
    expect(claimSchema.parse({ relation: "ejer", contact: " Ole@Example.COM ", message: "  " })).toEqual({ relation: "ejer", contact: "ole@example.com", message: null });
    expect(claimSchema.parse({ relation: "andet", contact: "12  34 56 78" }).contact).toBe("12 34 56 78");
  });

  it("says in Danish what is missing or wrong", () => {
    const result = claimSchema.safeParse({ relation: "chef", contact: "ring", message: "x".repeat(1001) });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue): [string, string] => [String(issue.path[0]), issue.message]));
    expect(messages).toEqual({ relation: errors.relationRequired, contact: errors.contactInvalid, message: errors.messageTooLong.replace("{{max}}", "1.000") });
    expect(claimSchema.safeParse({}).error!.issues.map((issue) => issue.message)).toEqual([errors.relationRequired, errors.contactRequired]);
  });
});
