import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contactSchema } from "~/content/contact-form";
import { resetPasswordSchema, signUpSchema } from "~/auth/auth-forms";
import { formFailure } from "~/http/form.server";
import { formConstraint, parseSubmission } from "./parse-form.server";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("formConstraint", () => {
  it("gives each input the schema's limits, so the browser stops typing where the server would refuse", () => {
    expect(formConstraint(signUpSchema)).toEqual({
      name: { required: true, minLength: 1, maxLength: 100 },
      email: { required: true, maxLength: 254 },
      password: { required: true, minLength: 6, maxLength: 128 },
    });
    expect(formConstraint(contactSchema).message).toEqual({ required: true, minLength: 10, maxLength: 5000 });
  });

  it("reads the fields of a form whose schema also checks fields against each other", () => {
    expect(formConstraint(resetPasswordSchema).password).toMatchObject({ minLength: 6, maxLength: 128 });
  });

  it("leaves optional fields optional", () => {
    expect(formConstraint(z.object({ note: z.string().max(20).optional() }))).toEqual({ note: { required: false, maxLength: 20 } });
  });
});

describe("formFailure", () => {
  it("answers 400 with the form's id, the message at each field and what was typed, but never a password", async () => {
    const submission = parseSubmission(form({ name: "Mette", email: "mette@", password: "kort" }), signUpSchema);
    const answer = formFailure("sign-up", submission, { hideFields: ["password"] });
    expect(answer.init?.status).toBe(400);
    expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe("private, no-store");
    expect(answer.data.form).toBe("sign-up");
    expect(answer.data.result.error).toEqual({
      email: ["Skriv en gyldig e-mailadresse, fx navn@eksempel.dk."],
      password: ["Adgangskoden skal være mindst 6 tegn lang."],
    });
    expect(answer.data.result.initialValue).toEqual({ name: "Mette", email: "mette@" });
  });
});
