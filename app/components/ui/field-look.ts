/**
 * How a field's message looks, shared by FieldError (form-fields.tsx) and the messages a page
 * without React puts at its fields (app/forms/enhance-form.ts), so both show the same message.
 */
export const FIELD_ERROR_CLASS = "mt-1 text-sm font-medium text-red-700 dark:text-red-300";
