import { describe, expect, it } from "vitest";
import { parseDanishSchedule } from "./schedule-text";

describe("parseDanishSchedule", () => {
  const today = "2027-01-10";
  const parse = (text: string) => parseDanishSchedule(text, { today });
  const ruleOf = (text: string) => parse(text)?.rrule;

  it("reads a summer season", () => {
    expect(parse("hver søndag fra maj til september kl. 10-15")).toEqual({
      kind: "rule",
      startDate: today,
      rrule: "FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9",
      durationDays: 1,
      startTime: "10:00",
      endTime: "15:00",
    });
    expect(ruleOf("Alle søndage maj-september kl. 10.00-15.00")).toBe("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9");
  });

  it("reads a winter season over the new year", () => {
    expect(ruleOf("hver lørdag fra oktober til marts kl. 10-15")).toBe("FREQ=WEEKLY;BYDAY=SA;BYMONTH=10,11,12,1,2,3");
  });

  it("reads the first Saturday of the month", () => {
    expect(parse("første lørdag i måneden kl. 9-14")).toMatchObject({
      rrule: "FREQ=MONTHLY;BYDAY=1SA",
      startTime: "09:00",
      endTime: "14:00",
    });
    expect(ruleOf("Første og tredje lørdag i hver måned fra april til oktober kl. 9.30–14")).toBe("FREQ=MONTHLY;BYDAY=1SA,3SA;BYMONTH=4,5,6,7,8,9,10");
  });

  it("reads the last Saturday of April", () => {
    expect(parse("sidste lørdag i april kl. 10-16")).toMatchObject({ kind: "rule", rrule: "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA" });
  });

  it("reads a single day and checks its weekday", () => {
    expect(parse("lørdag d. 12. juni 2027 kl. 10-16")).toEqual({
      kind: "dates",
      startDate: "2027-06-12",
      durationDays: 1,
      startTime: "10:00",
      endTime: "16:00",
    });
    // 14 June 2027 is a Monday: the text contradicts itself, so nothing is read.
    expect(parse("lørdag d. 14. juni 2027 kl. 10-16")).toBeNull();
    expect(parse("14. juni 2027 kl. 10-16")?.startDate).toBe("2027-06-14");
  });

  it("reads events over several days", () => {
    expect(parse("14.-15. juni 2027 kl. 10-17")).toEqual({
      kind: "dates",
      startDate: "2027-06-14",
      durationDays: 2,
      startTime: "10:00",
      endTime: "17:00",
    });
    expect(parse("lørdag og søndag 12.-13. juni 2027 kl. 10-17")?.durationDays).toBe(2);
    expect(parse("30. maj - 1. juni 2027 kl. 10-17")).toMatchObject({ startDate: "2027-05-30", durationDays: 3 });
    expect(parse("30. december - 2. januar 2028 kl. 10-17")).toMatchObject({ startDate: "2027-12-30", durationDays: 4 });
  });

  it("gives up rather than guess", () => {
    for (const text of [
      "hver søndag fra maj til september", // no time
      "hver anden lørdag kl. 10-15", // which Saturday to count from?
      "14. juni kl. 10-16", // which year?
      "søndag d. 12. juni 2027 kl. 10-16", // a Saturday
      "30. februar 2027 kl. 10-16",
      "1.-20. juni 2027 kl. 10-16", // longer than 14 days
      "hver søndag kl. 15-10",
      "hver søndag fra maj til septober kl. 10-15",
      "kom og se kl. 10-15",
      "sidste lørdag i måneden eller første søndag kl. 10-15",
    ]) {
      expect(parse(text), text).toBeNull();
    }
  });
});
