import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formConstraint } from "~/forms/parse-form.server";
import { addDays } from "~/lib/dates";
import { expandSchedule } from "../../markets/schedule/expansion";
import { describeSchedule } from "../../markets/schedule/prose";
import { validateSchedule } from "../../markets/schedule/validation";
import type { ScheduleSpec } from "../../markets/types";
import { canonicalSchedule } from "../../revisions/snapshot";
import {
  choicesFromSchedules,
  formValuesFromChoices,
  isRuleDay,
  readScheduleChoices,
  scheduleChoicesSchema,
  scheduleFormValues,
  schedulesFromChoices,
  type ScheduleChoices,
  type ScheduleFormValues,
} from "./schedule-choices";

const TODAY = "2027-03-01";

/** The form's values as a browser posts them: indexed rows, a checkbox group's name repeated. */
function formData(values: ScheduleFormValues | Record<string, unknown>): FormData {
  const data = new FormData();
  const add = (name: string, value: unknown): void => {
    if (typeof value === "string") data.append(name, value);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) for (const item of value) data.append(name, item);
    else if (Array.isArray(value)) value.forEach((item, index) => add(`${name}[${index}]`, item));
    else if (value && typeof value === "object") for (const [key, inner] of Object.entries(value)) add(name ? `${name}.${key}` : key, inner);
  };
  add("", values);
  return data;
}

function parse(values: ScheduleFormValues | Record<string, unknown>) {
  return parseWithZod(formData(values), { schema: scheduleChoicesSchema });
}

function choicesOf(values: ScheduleFormValues): ScheduleChoices {
  const submission = parse(values);
  if (submission.status !== "success") throw new Error(`Not accepted: ${JSON.stringify(submission.error)}`);
  return readScheduleChoices(submission.value);
}

function errorsOf(values: ScheduleFormValues | Record<string, unknown>): Record<string, string[]> {
  const submission = parse(values);
  if (submission.status === "success") throw new Error("Accepted");
  return submission.error as Record<string, string[]>;
}

/** Choices → specs that validate and are stored as they are → the same choices and specs again. */
function roundTrip(values: ScheduleFormValues): ScheduleSpec[] {
  const choices = choicesOf(values);
  const specs = schedulesFromChoices(choices, TODAY);
  for (const spec of specs) {
    expect(validateSchedule(spec)).toEqual([]);
    expect(canonicalSchedule(spec)).toEqual(spec);
  }
  const back = choicesFromSchedules(specs);
  expect(back).toEqual(formValuesFromChoices(choices));
  expect(schedulesFromChoices(choicesOf(back!), TODAY)).toEqual(specs);
  return specs;
}

const weekly = (extra: NonNullable<ScheduleFormValues["regel"]> = {}): ScheduleFormValues => ({
  tidsplan: "regel",
  regel: { gentagelse: "uge", interval: "1", ugedage: ["sun"], fra: "2027-05-02", aabner: "10:00", lukker: "15:00", ...extra },
});

const monthly = (extra: NonNullable<ScheduleFormValues["regel"]> = {}): ScheduleFormValues => ({
  tidsplan: "regel",
  regel: { gentagelse: "maaned", numre: ["1"], ugedag: "sat", fra: "2027-01-01", aabner: "09:00", lukker: "14:00", ...extra },
});

describe("schedules from choices, and back", () => {
  it("one date", () => {
    const specs = roundTrip({ tidsplan: "dato", enkelt: { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" } });
    expect(specs).toEqual([canonicalSchedule({ kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "16:00" })]);
    expect(describeSchedule(specs[0]!)).toBe("Lørdag 12. juni 2027 kl. 10–16");
  });

  it("several dates, each with its own hours, in date order; empty rows are left out", () => {
    const specs = roundTrip({
      tidsplan: "datoer",
      datoer: [
        { dato: "2027-08-14", aabner: "09:00", lukker: "13:00" },
        { dato: "", aabner: "", lukker: "" },
        { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" },
      ],
    });
    expect(specs.map((spec) => [spec.startDate, spec.startTime, spec.endTime, spec.durationDays])).toEqual([
      ["2027-06-12", "10:00", "16:00", 1],
      ["2027-08-14", "09:00", "13:00", 1],
    ]);
  });

  it("several dates that follow each other with the same hours stay dates", () => {
    const values: ScheduleFormValues = {
      tidsplan: "datoer",
      datoer: [
        { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" },
        { dato: "2027-06-13", aabner: "10:00", lukker: "16:00" },
      ],
    };
    expect(roundTrip(values)).toHaveLength(2);
    expect(choicesFromSchedules(schedulesFromChoices(choicesOf(values)))?.tidsplan).toBe("datoer");
  });

  it("days in a row with the same hours are one event of several days", () => {
    const hours = { aabner: "10:00", lukker: "17:00" };
    const specs = roundTrip({ tidsplan: "dage", dage: { fra: "2027-06-14", tider: [hours, hours, hours] } });
    expect(specs).toEqual([canonicalSchedule({ kind: "dates", startDate: "2027-06-14", durationDays: 3, startTime: "10:00", endTime: "17:00" })]);
    expect(describeSchedule(specs[0]!)).toBe("14.–16. juni 2027 kl. 10–17");
  });

  it("days in a row with hours of their own are one date each", () => {
    const specs = roundTrip({
      tidsplan: "dage",
      dage: {
        fra: "2027-05-29",
        tider: [
          { aabner: "10:00", lukker: "18:00" },
          { aabner: "10:00", lukker: "16:00" },
          { aabner: "", lukker: "" },
        ],
      },
    });
    expect(specs.map((spec) => [spec.startDate, spec.endTime])).toEqual([
      ["2027-05-29", "18:00"],
      ["2027-05-30", "16:00"],
    ]);
  });

  it("every other week on chosen days within a season", () => {
    const [spec] = roundTrip(weekly({ interval: "2", ugedage: ["sun", "sat"], saesonFra: "5", saesonTil: "9" }));
    expect(spec!.rrule).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;BYMONTH=5,6,7,8,9");
    expect(describeSchedule(spec!)).toBe("Hver anden lørdag og søndag fra maj til september kl. 10–15");
  });

  it("every week, all year, until a last day", () => {
    const [spec] = roundTrip(weekly({ ugedage: ["wed"], til: "2027-12-29" }));
    expect(spec).toMatchObject({ rrule: "FREQ=WEEKLY;BYDAY=WE", startDate: "2027-05-02", endDate: "2027-12-29" });
  });

  it("the first, second, third, fourth, last or second-to-last weekday of the month", () => {
    expect(roundTrip(monthly({ numre: ["-2"] }))[0]!.rrule).toBe("FREQ=MONTHLY;BYDAY=-2SA");
    const [spec] = roundTrip(monthly({ numre: ["3", "1"], saesonFra: "10", saesonTil: "3" }));
    expect(spec!.rrule).toBe("FREQ=MONTHLY;BYDAY=1SA,3SA;BYMONTH=10,11,12,1,2,3");
    expect(describeSchedule(spec!)).toBe("Første og tredje lørdag i hver måned fra oktober til marts kl. 9–14");
    expect(roundTrip(monthly({ numre: ["2", "4", "-1"], ugedag: "sun" }))[0]!.rrule).toBe("FREQ=MONTHLY;BYDAY=2SU,4SU,-1SU");
  });

  it("cancelled dates, with or without a reason", () => {
    const [spec] = roundTrip(
      weekly({
        aflyst: [
          { dato: "2027-07-04", note: "Byfest på pladsen" },
          { dato: "", note: "" },
          { dato: "2027-05-16", note: "" },
        ],
      }),
    );
    expect(spec!.cancelled).toEqual([{ date: "2027-05-16" }, { date: "2027-07-04", note: "Byfest på pladsen" }]);
    const cancelled = expandSchedule(spec!, { from: "2027-05-01", to: "2027-07-31" }).filter((occurrence) => occurrence.status === "cancelled");
    expect(cancelled.map((occurrence) => occurrence.date)).toEqual(["2027-05-16", "2027-07-04"]);
  });

  it("a shop's week: a closed day, a day to midnight, from a day or from today", () => {
    const week = {
      mon: { lukket: "on" },
      tue: { aabner: "10:00", lukker: "17:30" },
      wed: { aabner: "10:00", lukker: "17:30" },
      thu: { aabner: "10:00", lukker: "17:30" },
      fri: { aabner: "10:00", lukker: "00:00" },
      sat: { aabner: "10:00", lukker: "14:00" },
      sun: { lukket: "on" },
    };
    const [spec] = roundTrip({ tidsplan: "aabningstider", aabningstider: { fra: "2027-04-01", ...week } });
    expect(spec).toMatchObject({ kind: "opening_hours", startDate: "2027-04-01", startTime: null, rrule: null });
    expect(spec!.openingHours).toEqual({ tue: [["10:00", "17:30"]], wed: [["10:00", "17:30"]], thu: [["10:00", "17:30"]], fri: [["10:00", "24:00"]], sat: [["10:00", "14:00"]] });
    expect(describeSchedule(spec!)).toBe("Man lukket, tir–tor 10–17.30, fre 10–24, lør 10–14, søn lukket");
    // A day left empty is closed too; without a first day the week holds from today.
    const [fromToday] = schedulesFromChoices(choicesOf({ tidsplan: "aabningstider", aabningstider: { ...week, mon: {}, sun: { aabner: "", lukker: "" } } }), TODAY);
    expect(fromToday).toEqual({ ...spec, startDate: TODAY });
  });

  it("reads dates and times as people type them where a browser has no date or time field", () => {
    const choices = choicesOf({ tidsplan: "dato", enkelt: { dato: "12.6.2027", aabner: "9.30", lukker: "16:00:00" } });
    expect(choices).toEqual({ tidsplan: "dato", enkelt: { dato: "2027-06-12", aabner: "09:30", lukker: "16:00" } });
  });

  it("reads only the chosen kind: what is typed in the other parts is neither checked nor kept", () => {
    const choices = choicesOf({
      tidsplan: "dato",
      enkelt: { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" },
      datoer: [{ dato: "i morgen" }],
      regel: { gentagelse: "uge", ugedage: ["mon"], aabner: "25:00" },
    });
    expect(Object.keys(choices)).toEqual(["tidsplan", "enkelt"]);
  });
});

describe("stored schedules the choices cannot show", () => {
  const base = { startDate: "2027-01-02", startTime: "10:00", endTime: "15:00" };
  const rule = (rrule: string, extra: Partial<ScheduleSpec> = {}): ScheduleSpec => ({ kind: "rule", rrule, ...base, ...extra });

  it.each<[string, ScheduleSpec[]]>([
    ["a yearly rule", [rule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA")]],
    ["a day of the month", [rule("FREQ=MONTHLY;BYMONTHDAY=15")]],
    ["every third week", [rule("FREQ=WEEKLY;INTERVAL=3;BYDAY=SA")]],
    ["a count", [rule("FREQ=WEEKLY;BYDAY=SA;COUNT=10")]],
    ["the fifth Saturday", [rule("FREQ=MONTHLY;BYDAY=5SA")]],
    ["two weekdays of the month", [rule("FREQ=MONTHLY;BYDAY=1SA,1SU")]],
    ["months that are not one season", [rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,8")]],
    ["markets of two days at a time", [rule("FREQ=WEEKLY;BYDAY=SA", { durationDays: 2 })]],
    ["two rules", [rule("FREQ=WEEKLY;BYDAY=SA"), rule("FREQ=MONTHLY;BYDAY=1SU")]],
    ["a rule and a date", [rule("FREQ=WEEKLY;BYDAY=SA"), { kind: "dates", ...base }]],
    ["a date cancelled with Aflys denne dato", [{ kind: "dates", ...base, cancelled: [{ date: base.startDate }] }]],
    [
      "two events of several days",
      [
        { kind: "dates", ...base, durationDays: 2 },
        { kind: "dates", ...base, startDate: "2028-01-01", durationDays: 2 },
      ],
    ],
    [
      "a shop with a lunch break",
      [
        {
          kind: "opening_hours",
          startDate: base.startDate,
          openingHours: {
            mon: [
              ["10:00", "12:00"],
              ["13:00", "17:00"],
            ],
          },
        },
      ],
    ],
    ["a shop's week that ends", [{ kind: "opening_hours", startDate: base.startDate, endDate: "2027-12-31", openingHours: { mon: [["10:00", "17:00"]] } }]],
  ])("%s gives null", (_name, specs) => {
    expect(choicesFromSchedules(specs)).toBeNull();
  });

  it("a market without schedules gives empty values, for a new form", () => {
    expect(choicesFromSchedules([])).toEqual({});
  });

  it("shows the importer's rules, an UNTIL as the last day and a weekly rule without days on its first day's weekday", () => {
    expect(choicesFromSchedules([rule("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9")])?.regel).toMatchObject({ ugedage: ["sun"], saesonFra: "5", saesonTil: "9" });
    expect(choicesFromSchedules([rule("RRULE:FREQ=MONTHLY;BYDAY=1SA;UNTIL=20281231", { endDate: "2029-06-30" })])?.regel).toMatchObject({
      numre: ["1"],
      ugedag: "sat",
      til: "2028-12-31",
    });
    // 2 January 2027 is a Saturday.
    expect(choicesFromSchedules([rule("FREQ=WEEKLY")])?.regel).toMatchObject({ gentagelse: "uge", interval: "1", ugedage: ["sat"] });
    expect(choicesFromSchedules([rule("FREQ=WEEKLY;BYDAY=SA;BYMONTH=1,2,3,10,11,12")])?.regel).toMatchObject({ saesonFra: "10", saesonTil: "3" });
  });
});

describe("the messages, at their fields", () => {
  it("asks for the kind of schedule", () => {
    expect(errorsOf({})).toEqual({ tidsplan: ["Vælg hvornår markedet holdes."] });
    expect(errorsOf({ tidsplan: "hver-dag" })).toEqual({ tidsplan: ["Vælg hvornår markedet holdes."] });
  });

  it("one date: the date and both times, the closing after the opening", () => {
    expect(errorsOf({ tidsplan: "dato", enkelt: { dato: "", aabner: "", lukker: "" } })).toEqual({
      "enkelt.dato": ["Vælg en dato."],
      "enkelt.aabner": ["Skriv hvornår markedet åbner."],
      "enkelt.lukker": ["Skriv hvornår markedet lukker."],
    });
    expect(errorsOf({ tidsplan: "dato", enkelt: { dato: "30-02-2027", aabner: "kl 10", lukker: "16:00" } })).toEqual({
      "enkelt.dato": ["Skriv datoen som fx 12-06-2027."],
      "enkelt.aabner": ["Skriv tiden som TT:MM, fx 10:00."],
    });
    expect(errorsOf({ tidsplan: "dato", enkelt: { dato: "2027-06-12", aabner: "16:00", lukker: "10:00" } })).toEqual({
      "enkelt.lukker": ["Lukketiden skal ligge efter åbningstiden."],
    });
  });

  it("several dates: at least one, each once, each row complete", () => {
    expect(errorsOf({ tidsplan: "datoer", datoer: [{ dato: "" }, { dato: "" }] })).toEqual({ "datoer[0].dato": ["Skriv mindst én dato."] });
    expect(
      errorsOf({
        tidsplan: "datoer",
        datoer: [
          { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" },
          { dato: "", aabner: "", lukker: "" },
          { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" },
          { dato: "2027-06-19", aabner: "10:00" },
        ],
      }),
    ).toEqual({ "datoer[2].dato": ["Datoen står der allerede."], "datoer[3].lukker": ["Skriv hvornår markedet lukker."] });
  });

  it("days in a row: a first day, at least two days, no gaps", () => {
    const hours = { aabner: "10:00", lukker: "16:00" };
    expect(errorsOf({ tidsplan: "dage", dage: { fra: "", tider: [hours] } })).toEqual({
      "dage.fra": ["Vælg en dato."],
      "dage.tider[1].aabner": ["Skriv tiderne for mindst to dage. Er det kun én dag, så vælg Én dato."],
    });
    expect(errorsOf({ tidsplan: "dage", dage: { fra: "2027-06-12", tider: [{}, {}] } })).toEqual({
      "dage.tider[0].aabner": ["Skriv tiderne for mindst to dage. Er det kun én dag, så vælg Én dato."],
    });
    expect(errorsOf({ tidsplan: "dage", dage: { fra: "2027-06-12", tider: [hours, {}, hours, { aabner: "10:00", lukker: "09:00" }] } })).toEqual({
      "dage.tider[1].aabner": ["Skriv tiderne for dag 2, eller fjern dagene efter den."],
      "dage.tider[3].lukker": ["Lukketiden skal ligge efter åbningstiden."],
    });
  });

  it("a weekly rule: how often, which days, the first day and the times", () => {
    expect(errorsOf({ tidsplan: "regel", regel: {} })).toEqual({
      "regel.gentagelse": ["Vælg hvordan markedet gentages."],
      "regel.fra": ["Vælg den første dag."],
      "regel.aabner": ["Skriv hvornår markedet åbner."],
      "regel.lukker": ["Skriv hvornår markedet lukker."],
    });
    expect(errorsOf(weekly({ interval: "", ugedage: [] }))).toEqual({
      "regel.interval": ["Vælg hver uge eller hver anden uge."],
      "regel.ugedage": ["Vælg mindst én ugedag."],
    });
    expect(errorsOf(weekly({ ugedage: ["sun", "funday"] }))).toEqual({ "regel.ugedage": ["Vælg mindst én ugedag."] });
  });

  it("a monthly rule: which in the month and the weekday", () => {
    expect(errorsOf(monthly({ numre: [], ugedag: "" }))).toEqual({
      "regel.numre": ["Vælg mindst én, fx første."],
      "regel.ugedag": ["Vælg en ugedag."],
    });
    expect(errorsOf(monthly({ numre: ["5"] }))).toEqual({ "regel.numre": ["Vælg mindst én, fx første."] });
  });

  it("the season and the period", () => {
    expect(errorsOf(weekly({ saesonFra: "5" }))).toEqual({ "regel.saesonTil": ["Vælg både første og sidste måned i sæsonen, eller ingen af dem."] });
    expect(errorsOf(weekly({ saesonFra: "13", saesonTil: "9" }))).toEqual({ "regel.saesonFra": ["Vælg en måned på listen."] });
    expect(errorsOf(weekly({ til: "2027-05-01" }))).toEqual({ "regel.til": ["Den sidste dag ligger før den første."] });
  });

  it("cancelled dates: days the rule holds a market, each once, a short reason", () => {
    const errors = errorsOf(
      weekly({
        saesonFra: "5",
        saesonTil: "9",
        aflyst: [
          { dato: "2027-05-09" },
          { dato: "2027-05-10" },
          { dato: "2027-05-09", note: "" },
          { dato: "2027-10-03" },
          { dato: "2027-04-25" },
          { dato: "2027-05-16", note: "x".repeat(301) },
          { dato: "", note: "Regn" },
        ],
      }),
    );
    const notMarketDay = ["Markedet holdes ikke den dag efter planen, så den kan ikke aflyses."];
    expect(errors).toEqual({
      "regel.aflyst[1].dato": notMarketDay, // a Monday
      "regel.aflyst[2].dato": ["Datoen er allerede aflyst ovenfor."],
      "regel.aflyst[3].dato": notMarketDay, // after the season
      "regel.aflyst[4].dato": notMarketDay, // before the first day
      "regel.aflyst[5].note": ["Grunden må højst være 300 tegn."],
      "regel.aflyst[6].dato": ["Vælg en dato."],
    });
    // Every other week: only the weeks counted from the first day.
    expect(errorsOf(weekly({ interval: "2", aflyst: [{ dato: "2027-05-16" }, { dato: "2027-05-09" }] }))).toEqual({ "regel.aflyst[1].dato": notMarketDay });
  });

  it("a shop's week: both times of an open day, at least one open day", () => {
    expect(errorsOf({ tidsplan: "aabningstider", aabningstider: { mon: { aabner: "10:00" }, tue: { lukker: "17:00" }, wed: { aabner: "17:00", lukker: "10:00" } } })).toEqual({
      "aabningstider.mon.lukker": ["Skriv hvornår butikken lukker, eller sæt kryds ved Lukket."],
      "aabningstider.tue.aabner": ["Skriv hvornår butikken åbner, eller sæt kryds ved Lukket."],
      "aabningstider.wed.lukker": ["Lukketiden skal ligge efter åbningstiden."],
    });
    expect(errorsOf({ tidsplan: "aabningstider", aabningstider: { mon: { aabner: "10:00", lukker: "17:00", lukket: "on" } } })).toEqual({
      "aabningstider.mon.aabner": ["Skriv åbningstiderne for mindst én dag."],
    });
  });
});

describe("the schema in a step's form", () => {
  it("joins the step's other fields, and formConstraint reads it alone or joined", () => {
    const step = z.intersection(z.object({ navn: z.string({ error: "Skriv et navn." }) }), scheduleChoicesSchema);
    expect(formConstraint(scheduleChoicesSchema).tidsplan).toEqual({ required: true });
    expect(formConstraint(step)).toMatchObject({ navn: { required: true }, tidsplan: { required: true } });
    const values = { tidsplan: "dato", enkelt: { dato: "2027-06-12", aabner: "10:00", lukker: "09:00" } };
    const refused = parseWithZod(formData(values), { schema: step });
    expect(refused.status === "error" ? refused.error : refused.status).toEqual({
      navn: ["Skriv et navn."],
      "enkelt.lukker": ["Lukketiden skal ligge efter åbningstiden."],
    });
    const sent = parseWithZod(formData({ ...values, navn: "Loppemarked", enkelt: { ...values.enkelt, lukker: "16:00" } }), { schema: step });
    if (sent.status !== "success") throw new Error("Not accepted");
    expect(readScheduleChoices(sent.value)).toEqual({ tidsplan: "dato", enkelt: { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" } });
  });

  it("readScheduleChoices refuses fields the schema has not passed", () => {
    expect(() => readScheduleChoices({ tidsplan: "dato", enkelt: { dato: "i morgen" } })).toThrow(RangeError);
  });
});

describe("isRuleDay", () => {
  const rules: [string, ScheduleFormValues][] = [
    ["every other weekend in summer", weekly({ interval: "2", ugedage: ["sat", "sun"], saesonFra: "5", saesonTil: "9", fra: "2027-05-05" })],
    ["every Wednesday until October", weekly({ ugedage: ["wed"], til: "2027-10-13" })],
    ["second-to-last and last Sunday in winter", monthly({ numre: ["-2", "-1"], ugedag: "sun", saesonFra: "11", saesonTil: "2" })],
    ["the first and fourth Friday", monthly({ numre: ["1", "4"], ugedag: "fri", fra: "2027-02-10" })],
  ];

  it.each(rules)("agrees with the stored rule's dates: %s", (_name, values) => {
    const choices = choicesOf(values) as Extract<ScheduleChoices, { tidsplan: "regel" }>;
    const [spec] = schedulesFromChoices(choices);
    const from = "2027-01-01";
    const to = "2028-12-31";
    const expected = expandSchedule(spec!, { from, to }).map((occurrence) => occurrence.date);
    const days: string[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) if (isRuleDay(choices.regel, day)) days.push(day);
    expect(days).toEqual(expected);
    expect(days.length).toBeGreaterThan(10);
  });
});

describe("scheduleFormValues", () => {
  it("keeps the schedule's own text fields of any values, and nothing else", () => {
    expect(
      scheduleFormValues({
        navn: "Loppemarked",
        tidsplan: "regel",
        regel: { gentagelse: "uge", ugedage: "sat", numre: ["1", 2], aflyst: [{ dato: "2027-05-01", note: { x: 1 } }], fra: 5 },
        aabningstider: { mon: { aabner: "10:00", lukket: "on" }, fun: {} },
      }),
    ).toEqual({
      tidsplan: "regel",
      regel: { gentagelse: "uge", ugedage: "sat", numre: ["1"], aflyst: [{ dato: "2027-05-01" }] },
      aabningstider: { mon: { aabner: "10:00", lukket: "on" } },
    });
    expect(scheduleFormValues(null)).toEqual({});
  });
});
