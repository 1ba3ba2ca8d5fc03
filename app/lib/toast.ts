import type { ToastVariant } from "~/components/ui/toast-store";

/** What a toast says (product §9): a domain's answer carries one, the route shows it on the next page. */
export interface Toast {
  title: string;
  variant: ToastVariant;
  description?: string;
}
