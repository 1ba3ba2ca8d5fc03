/** The admins' review pages (routes/dashboard/admin/godkendelser/). */
export const ADMIN_HOME_PATH = "/dashboard/admin";
export const REVIEW_QUEUE_PATH = "/dashboard/admin/godkendelser";

export function reviewItemPath(revisionId: string): string {
  return `${REVIEW_QUEUE_PATH}/${revisionId}`;
}
