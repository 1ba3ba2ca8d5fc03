/**
 * The browser behaviours of every page (decision 0022), one module each: a page that does not
 * hydrate (a route with `handle: STATIC_PAGE`) runs only this script instead of React (about
 * 108 KB gzip), and a page with React runs it beside React, whose components render the markup
 * these modules read. Built apart from the app (vite.config.ts `worker`), so it never pulls React
 * in; what only some visitors need (the session watch, the measurements) loads on demand.
 */
import { installGlobalErrorHandlers } from "~/errors/reporter";
import { checkStorageAvailability } from "~/errors/client-storage";
import { enhanceClosableBanners } from "./banners";
import { enhanceConsent } from "./consent";
import { enhanceFilters } from "./filters";
import { enhanceForms } from "./forms";
import { enhanceForum } from "./forum";
import { followForumLive } from "./live-community";
import { followPersonLive } from "./live-person";
import { followTopicLive } from "./live-topic";
import { enhanceMarketMap } from "./map";
import { measureWithConsent } from "./measurements";
import { expireOpenBadges } from "./open-badges";
import { enhanceSaveButtons } from "./save";
import { watchSession } from "./session";
import { enhanceShareLinks } from "./share";
import { enhanceThemeSwitcher } from "./theme";
import { enhanceToasts } from "./toasts";

installGlobalErrorHandlers();
checkStorageAvailability();
enhanceToasts();
enhanceThemeSwitcher();
enhanceConsent(document.body.dataset.measurementId ?? null);
enhanceClosableBanners();
enhanceShareLinks();
enhanceSaveButtons();
enhanceFilters();
enhanceForms();
enhanceForum();
followTopicLive();
followForumLive();
followPersonLive();
enhanceMarketMap();
expireOpenBadges();
measureWithConsent();
watchSession();
