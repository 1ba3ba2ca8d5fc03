import type { Kysely } from "kysely";
import type { Viewer } from "~/auth/viewer";
import { LIMITS } from "~/forms/fields";
import { formConstraint } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { avatarImage } from "~/lib/images/avatar-url";
import { hasPassword } from "./has-password.server";
import type { EmailChangeNotice } from "./settings-forms";
import { chosenForumName } from "~/forum/forum-name.server";
import { forumNameOf } from "~/forum/forum-name";
import { avatarSchema, deleteAccountSchema, emailChangeSchema, forumNameSchema, nameSchema, passwordSchema, themeSchema } from "./settings/settings-schemas";

/** What /dashboard/indstillinger shows the person, with what to tell them about a change of address. */
export async function settingsPageData(db: Kysely<Database>, viewer: Viewer, emailNotice: EmailChangeNotice | null) {
  const [withPassword, forumName] = await Promise.all([hasPassword(db, viewer.user.id), chosenForumName(db, viewer.user.id)]);
  return {
    name: viewer.user.name,
    forumName: forumNameOf({ forumName, accountName: viewer.user.name }),
    email: viewer.user.email,
    emailVerified: viewer.user.emailVerified,
    avatar: avatarImage(viewer.profile?.avatarUrl ?? viewer.user.image),
    hasPassword: withPassword,
    passwordMin: LIMITS.passwordMin,
    emailNotice,
    // The limits each form's fields show; the schemas themselves come to the page only when used.
    constraints: {
      name: formConstraint(nameSchema),
      forumName: formConstraint(forumNameSchema),
      avatar: formConstraint(avatarSchema),
      email: formConstraint(emailChangeSchema(viewer.user.email)),
      password: formConstraint(passwordSchema),
      theme: formConstraint(themeSchema),
      delete: formConstraint(deleteAccountSchema({ hasPassword: withPassword, email: viewer.user.email })),
    },
  };
}
