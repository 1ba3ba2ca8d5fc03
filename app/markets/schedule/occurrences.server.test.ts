import { describe, expect, it } from "vitest";
import { scheduleRowToSpec, specToScheduleRow } from "./occurrences.server";
import type { ScheduleSpec } from "../types";

const now = new Date("2027-01-10T12:00:00.000Z");

describe("schedule rows", () => {
  it("stores a rule with its cancellations as JSON and reads it back", () => {
    const spec: ScheduleSpec = {
      kind: "rule",
      startDate: "2027-05-01",
      endDate: "2027-09-30",
      rrule: "FREQ=WEEKLY;BYDAY=SU",
      startTime: "10:00",
      endTime: "15:00",
      durationDays: 1,
      openingHours: null,
      cancelled: [{ date: "2027-05-09", note: "Pinse" }],
    };
    const row = specToScheduleRow(spec, { id: "s1", marketId: "m1", now });
    expect(row).toEqual({
      id: "s1",
      market_id: "m1",
      kind: "rule",
      start_date: "2027-05-01",
      end_date: "2027-09-30",
      rrule: "FREQ=WEEKLY;BYDAY=SU",
      start_time: "10:00",
      end_time: "15:00",
      duration_days: 1,
      opening_hours: null,
      cancelled: '[{"date":"2027-05-09","note":"Pinse"}]',
      updated_at: "2027-01-10T12:00:00.000Z",
    });
    expect(scheduleRowToSpec(row)).toEqual(spec);
  });

  it("stores a shop's week and defaults what a spec leaves out", () => {
    const spec: ScheduleSpec = { kind: "opening_hours", startDate: "2027-01-01", openingHours: { sat: [["10:00", "14:00"]] } };
    const row = specToScheduleRow(spec, { id: "s2", marketId: "m2", now });
    expect(row).toMatchObject({
      end_date: null,
      rrule: null,
      start_time: null,
      duration_days: 1,
      opening_hours: '{"sat":[["10:00","14:00"]]}',
      cancelled: "[]",
    });
    expect(scheduleRowToSpec(row)).toEqual({
      kind: "opening_hours",
      startDate: "2027-01-01",
      endDate: null,
      rrule: null,
      startTime: null,
      endTime: null,
      durationDays: 1,
      openingHours: { sat: [["10:00", "14:00"]] },
      cancelled: [],
    });
  });

  it("names the schedule whose JSON is broken", () => {
    const row = specToScheduleRow(
      { kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "16:00" },
      {
        id: "s3",
        marketId: "m3",
        now,
      },
    );
    expect(() => scheduleRowToSpec({ ...row, cancelled: "[{" })).toThrow(/s3.*cancelled/);
  });
});
