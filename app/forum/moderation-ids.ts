/** The admins' moderation form on a post's or topic's page (browser-safe, for the component and the server). */
export const MODERATION_FORM_ID = "moderering";
