import translation from "../../app/locales/da/translation.json";

/**
 * The forms of the account pages and /kontakt, each with a wrong value: the same cases sent without
 * JavaScript (tests/integration/form-messages.test.ts) and checked with it before sending
 * (tests/e2e/forms.test.ts).
 */

const messages = translation.forms;

export interface FormCase {
  label: string;
  /** The page; a function when it needs something made first (a reset link). */
  path: string | (() => Promise<string>);
  /** The form's id. */
  form: string;
  /** The button pressed to send it. */
  button: string;
  /** What is typed, by field id; the first entry is the wrong one. */
  typed: [string, string][];
  /** A select to choose, by field id. */
  chosen?: [string, string][];
  message: string;
  /** Fields that must come back as they were typed (passwords never do). */
  kept: string[];
}

/** The cases; `resetLink` makes a password-reset link on the site the test uses. */
export function formCases(resetLink: () => Promise<string>): FormCase[] {
  return [
    {
      label: "sign-up",
      path: "/sign-up",
      form: "sign-up",
      button: translation.auth.signUp.submit,
      typed: [
        ["email", "mette@"],
        ["name", "Mette Holm"],
        ["password", "loppe-hemmelig"],
      ],
      message: messages.email.invalid,
      kept: ["name"],
    },
    {
      label: "sign-up, a short password",
      path: "/sign-up",
      form: "sign-up",
      button: translation.auth.signUp.submit,
      typed: [
        ["password", "kort"],
        ["name", "Mette Holm"],
        ["email", "mette@example.dk"],
      ],
      message: messages.password.tooShort.replace("{{min}}", "6"),
      kept: ["name", "email"],
    },
    {
      label: "sign-up, the confirmation mail again",
      path: "/sign-up?tjek-email=1",
      form: "resend",
      button: translation.auth.signUp.checkMail.submit,
      typed: [["email", "mette@"]],
      message: messages.email.invalid,
      kept: ["email"],
    },
    {
      label: "sign-in",
      path: "/sign-in",
      form: "sign-in",
      button: translation.auth.signIn.submit,
      typed: [
        ["password", ""],
        ["email", "mette@example.dk"],
      ],
      message: messages.password.required,
      kept: ["email"],
    },
    {
      label: "forgot password",
      path: "/forgot-password",
      form: "forgot-password",
      button: translation.auth.forgotPassword.submit,
      typed: [["email", "mette.example.dk"]],
      message: messages.email.invalid,
      kept: ["email"],
    },
    {
      label: "reset password",
      path: resetLink,
      form: "reset-password",
      button: translation.auth.resetPassword.submit,
      typed: [
        ["repeatPassword", "noget-andet"],
        ["password", "nyt-hemmeligt"],
      ],
      message: messages.password.differ,
      kept: [],
    },
    {
      label: "contact",
      path: "/kontakt",
      form: "kontakt",
      button: translation.content.contact.submit,
      typed: [
        ["message", "Hej"],
        ["name", "Mette Holm"],
        ["email", "mette@example.dk"],
      ],
      chosen: [["subject", "question"]],
      message: translation.content.contact.errors.messageTooShort.replace("{{min}}", "10"),
      kept: ["name", "email", "subject"],
    },
  ];
}
