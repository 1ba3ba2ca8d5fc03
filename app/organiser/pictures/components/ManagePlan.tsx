import { Form } from "react-router";
import { FieldError, SubmitButton, fieldClass, labelClass } from "~/components/ui/form-fields";
import { PanelSection } from "~/components/ui/panel-section";
import { useSchemaForm } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { IMAGE_FORMS, IMAGE_INTENTS } from "../image-forms";
import type { PlanSection } from "../image-section.server";

/** An admin's choice of a market's plan, until organisers can pay for one themselves. */
export function ManagePlan({ action, section, reply }: { action: string; section: PlanSection; reply: unknown }) {
  const { fields, formProps } = useSchemaForm<{ plan: string }>({
    id: IMAGE_FORMS.plan,
    reply,
    constraint: section.constraint,
    schema: () => import("../image-forms").then((module) => module.planSchema),
    defaultValue: { plan: section.current },
  });
  const error = fields.plan.errors?.[0];
  return (
    <PanelSection id="plan" heading={t("marketImages.plan.heading")} intro={t("marketImages.plan.intro")}>
      <Form method="post" action={action} {...formProps} className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="intent" value={IMAGE_INTENTS.plan} />
        <div className="min-w-0">
          <label htmlFor="markedets-plan-valg" className={labelClass}>
            {t("marketImages.plan.label")}
          </label>
          <select
            id="markedets-plan-valg"
            name={fields.plan.name}
            defaultValue={section.current}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "markedets-plan-valg-fejl" : undefined}
            className={fieldClass}
          >
            {section.options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError id="markedets-plan-valg-fejl" message={error} />
        </div>
        <SubmitButton intent={IMAGE_INTENTS.plan} variant="secondary" label={t("marketImages.plan.submit")} pendingLabel={t("marketImages.plan.submitting")} />
      </Form>
    </PanelSection>
  );
}
