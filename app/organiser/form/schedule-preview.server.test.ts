import { describe, expect, it } from "vitest";
import type { ScheduleSpec } from "../../markets/types";
import { schedulePreview } from "./schedule-preview.server";

const TODAY = "2027-05-05"; // a Wednesday

describe("schedulePreview", () => {
  it("a rule: its sentence and the next five dates with times, a cancelled one marked", () => {
    const spec: ScheduleSpec = {
      kind: "rule",
      startDate: "2027-05-01",
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;BYMONTH=5,6,7,8,9",
      startTime: "10:00",
      endTime: "15:30",
      cancelled: [{ date: "2027-05-15", note: "Byfest" }],
    };
    expect(schedulePreview([spec], TODAY)).toEqual({
      prose: ["Hver anden lørdag og søndag fra maj til september kl. 10–15.30 (aflyst: 15. maj 2027)"],
      nextDates: [
        "Lørdag 15. maj 2027 kl. 10–15.30 – aflyst",
        "Søndag 16. maj 2027 kl. 10–15.30",
        "Lørdag 29. maj 2027 kl. 10–15.30",
        "Søndag 30. maj 2027 kl. 10–15.30",
        "Lørdag 12. juni 2027 kl. 10–15.30",
      ],
    });
  });

  it("dates: one line each, in date order; an event of several days as one, also while it runs", () => {
    const specs: ScheduleSpec[] = [
      { kind: "dates", startDate: "2027-08-14", startTime: "09:00", endTime: "13:00" },
      { kind: "dates", startDate: "2027-05-03", durationDays: 3, startTime: "10:00", endTime: "17:00" },
      { kind: "dates", startDate: "2027-04-01", startTime: "10:00", endTime: "17:00" },
    ];
    const preview = schedulePreview(specs, TODAY);
    expect(preview.prose).toEqual(["Lørdag 14. august 2027 kl. 9–13", "3.–5. maj 2027 kl. 10–17", "Torsdag 1. april 2027 kl. 10–17"]);
    expect(preview.nextDates).toEqual(["3.–5. maj 2027 kl. 10–17", "Lørdag 14. august 2027 kl. 9–13"]);
  });

  it("a market once a year still shows five dates", () => {
    const spec: ScheduleSpec = { kind: "rule", startDate: "2027-01-01", rrule: "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA", startTime: "10:00", endTime: "16:00" };
    expect(schedulePreview([spec], TODAY).nextDates).toEqual([
      "Lørdag 29. april 2028 kl. 10–16",
      "Lørdag 28. april 2029 kl. 10–16",
      "Lørdag 27. april 2030 kl. 10–16",
      "Lørdag 26. april 2031 kl. 10–16",
      "Lørdag 24. april 2032 kl. 10–16",
    ]);
  });

  it("a shop: its week and its next open days", () => {
    const spec: ScheduleSpec = {
      kind: "opening_hours",
      startDate: "2027-01-01",
      openingHours: {
        wed: [
          ["10:00", "12:00"],
          ["13:00", "17:30"],
        ],
        sat: [["10:00", "14:00"]],
      },
    };
    expect(schedulePreview([spec], TODAY)).toEqual({
      prose: ["Man–tir lukket, ons 10–12 og 13–17.30, tor–fre lukket, lør 10–14, søn lukket"],
      nextDates: [
        "Onsdag 5. maj 2027 kl. 10–12 og 13–17.30",
        "Lørdag 8. maj 2027 kl. 10–14",
        "Onsdag 12. maj 2027 kl. 10–12 og 13–17.30",
        "Lørdag 15. maj 2027 kl. 10–14",
        "Onsdag 19. maj 2027 kl. 10–12 og 13–17.30",
      ],
    });
  });

  it("nothing to come, and schedules that do not validate, give empty lists", () => {
    expect(schedulePreview([{ kind: "dates", startDate: "2027-04-01", startTime: "10:00", endTime: "16:00" }], TODAY).nextDates).toEqual([]);
    expect(schedulePreview([{ kind: "rule", startDate: "2027-04-01", rrule: "FREQ=SOMETIMES", startTime: "10:00", endTime: "16:00" }], TODAY)).toEqual({
      prose: [],
      nextDates: [],
    });
  });
});
