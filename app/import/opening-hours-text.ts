import { WEEKDAYS, type OpeningHours, type Weekday } from "../markets/types";

const DAY_WORDS: Record<string, Weekday> = {
  man: "mon",
  mandag: "mon",
  tir: "tue",
  tirs: "tue",
  tirsdag: "tue",
  ons: "wed",
  onsdag: "wed",
  tor: "thu",
  tors: "thu",
  torsdag: "thu",
  fre: "fri",
  fredag: "fri",
  lør: "sat",
  lor: "sat",
  lørdag: "sat",
  lordag: "sat",
  søn: "sun",
  son: "sun",
  søndag: "sun",
  sondag: "sun",
};

function clock(hours: string, minutes?: string): string | null {
  const h = Number(hours);
  const m = minutes ? Number(minutes) : 0;
  if (h > 24 || m > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/**
 * Opening hours as Danish shops write them: "man-fre 10-17.30; lør 10-14; søn lukket".
 * Parts are separated by ";" or new lines; a day range or a single day, then hours or "lukket".
 * Null when any part cannot be read, so nothing is half understood.
 */
export function parseOpeningHoursText(text: string): OpeningHours | null {
  const hours: OpeningHours = {};
  const parts = text
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, "-")
    .split(/[;\n]+/)
    .map((part) => part.trim().replace(/\.$/, ""))
    .filter(Boolean);
  if (!parts.length) return null;
  for (const part of parts) {
    const match = /^([a-zæøå]+)\.?(?:\s*-\s*([a-zæøå]+)\.?)?\s*:?\s+(lukket|(?:kl\.?\s*)?(\d{1,2})(?:[.:](\d{2}))?\s*-\s*(\d{1,2})(?:[.:](\d{2}))?)$/.exec(part);
    if (!match) return null;
    const first = DAY_WORDS[match[1]!];
    const last = match[2] ? DAY_WORDS[match[2]] : first;
    if (!first || !last) return null;
    const from = WEEKDAYS.indexOf(first);
    const to = WEEKDAYS.indexOf(last);
    if (to < from) return null;
    if (match[3] === "lukket") continue;
    const opens = clock(match[4]!, match[5]);
    const closes = clock(match[6]!, match[7]);
    if (!opens || !closes || closes <= opens) return null;
    for (const day of WEEKDAYS.slice(from, to + 1)) (hours[day] ??= []).push([opens, closes]);
  }
  return hours;
}
