import { exactTime, relativeTime } from "../relative-time";

/**
 * When something was written: "for 3 timer siden", with the exact time in the element's datetime
 * and title. `now` comes from the loader, so a page that hydrates renders the same words; the page's
 * script brings them up to date (app/progressive/forum.ts), a cached page's too.
 */
export function RelativeTime({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={exactTime(iso)} data-relative-time="">
      {relativeTime(iso, now)}
    </time>
  );
}
