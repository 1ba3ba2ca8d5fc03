const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-base font-medium no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

const VARIANTS = {
  primary: "bg-emerald-800 text-white hover:bg-emerald-900 dark:bg-emerald-300 dark:text-stone-950 dark:hover:bg-emerald-200",
  secondary: "border border-stone-400 bg-white text-stone-900 hover:bg-stone-100 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-50 dark:hover:bg-stone-800",
} as const;

/** Class names for anything that should look like a button: <button>, <a> or <Link>. */
export function buttonClass(variant: keyof typeof VARIANTS = "primary"): string {
  return `${BASE} ${VARIANTS[variant]}`;
}
