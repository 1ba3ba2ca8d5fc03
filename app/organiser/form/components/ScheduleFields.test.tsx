import { parseWithZod } from "@conform-to/zod/v4";
import { parse, type HTMLElement } from "node-html-parser";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ScheduleSpec } from "../../../markets/types";
import { choicesFromSchedules, readScheduleChoices, scheduleChoicesSchema, schedulesFromChoices, type ScheduleFormValues } from "../schedule-choices";
import { canonicalSchedule } from "../../../revisions/snapshot";
import { ScheduleFields, type ScheduleFieldsProps } from "./ScheduleFields";

/*
 * The component as the server renders it, which is what a person without JavaScript gets: every
 * part, its labels, the values and the messages. The fields it renders are sent back through the
 * schema, so the component's names and the schema's cannot drift apart.
 */

function render(props: ScheduleFieldsProps = {}) {
  return parse(`<form>${renderToStaticMarkup(<ScheduleFields {...props} />)}</form>`);
}

const text = (element: HTMLElement | null | undefined) => (element?.text ?? "").replace(/\s+/g, " ").trim();

/** What the form sends, as a browser would: filled inputs, checked boxes, selected options. */
function sent(page: HTMLElement): FormData {
  const form = new FormData();
  for (const element of page.querySelectorAll("input[name], select[name]")) {
    const name = element.getAttribute("name")!;
    if (element.tagName === "SELECT") {
      const option = element.querySelector("option[selected]") ?? element.querySelector("option");
      form.append(name, option?.getAttribute("value") ?? "");
      continue;
    }
    const type = element.getAttribute("type");
    if ((type === "checkbox" || type === "radio") && !element.hasAttribute("checked")) continue;
    form.append(name, element.getAttribute("value") ?? "");
  }
  return form;
}

describe("ScheduleFields without JavaScript", () => {
  const page = render();

  it("offers every kind of schedule, and every kind's part under its heading", () => {
    const kinds = page.querySelectorAll('input[name="tidsplan"]');
    expect(kinds.map((input) => input.getAttribute("value"))).toEqual(["dato", "datoer", "dage", "regel", "aabningstider"]);
    expect(kinds.map((input) => text(page.querySelector(`label[for="${input.id}"] .font-medium`)))).toEqual([
      "Én dato",
      "Flere datoer",
      "Flere dage i træk",
      "Gentages",
      "Faste åbningstider (butik)",
    ]);
    expect(page.querySelectorAll("fieldset > legend > h3").map(text)).toEqual(["Én dato", "Flere datoer", "Flere dage i træk", "Gentages", "Faste åbningstider (butik)"]);
    expect(page.querySelectorAll("[hidden]")).toHaveLength(0);
    expect(text(page)).toContain("udfyld kun den del nedenfor, der passer til dit valg");
  });

  it("has empty rows to fill in and no buttons that need JavaScript", () => {
    expect(page.querySelectorAll('input[name$=".dato"][name^="datoer["]')).toHaveLength(6);
    expect(page.querySelectorAll('input[name^="dage.tider["][name$=".aabner"]')).toHaveLength(7);
    expect(page.querySelectorAll('input[name^="regel.aflyst["][name$=".dato"]')).toHaveLength(3);
    expect(page.querySelectorAll('input[name="regel.ugedage"]')).toHaveLength(7);
    expect(page.querySelectorAll('input[name="regel.numre"]').map((input) => input.getAttribute("value"))).toEqual(["1", "2", "3", "4", "-2", "-1"]);
    expect(page.querySelectorAll('input[name$=".lukket"]')).toHaveLength(7);
    expect(page.querySelectorAll("button")).toHaveLength(0);
  });

  it("leaves room to add dates, days and cancellations to a saved list", () => {
    const date = { dato: "2027-06-12", aabner: "10:00", lukker: "16:00" };
    const saved = render({
      values: {
        tidsplan: "datoer",
        datoer: Array.from({ length: 6 }, () => date),
        dage: { tider: Array.from({ length: 7 }, () => ({ aabner: "10:00", lukker: "16:00" })) },
        regel: { aflyst: [{ dato: "2027-06-12" }, { dato: "2027-06-19" }, { dato: "2027-06-26" }] },
      },
    });
    expect(saved.querySelectorAll('input[name$=".dato"][name^="datoer["]')).toHaveLength(8);
    expect(saved.querySelectorAll('input[name^="dage.tider["][name$=".aabner"]')).toHaveLength(8);
    expect(saved.querySelectorAll('input[name^="regel.aflyst["][name$=".dato"]')).toHaveLength(5);
  });

  it("labels every control, with ids of their own", () => {
    const controls = page.querySelectorAll("input, select");
    const ids = controls.map((control) => control.id);
    expect(new Set(ids).size).toBe(ids.length);
    const unlabelled = controls.filter((control) => !page.querySelector(`label[for="${control.id}"]`)).map((control) => control.getAttribute("name"));
    expect(unlabelled).toEqual([]);
    expect(controls.filter((control) => control.getAttribute("type") === "date")).toHaveLength(1 + 6 + 1 + 2 + 3 + 1);
  });

  it("shows no preview before there is one, and the server's preview when the page has one", () => {
    expect(page.querySelector("[aria-live]")).toBeNull();
    const withPreview = render({ preview: { prose: ["Hver søndag kl. 10–15"], nextDates: ["Søndag 9. maj 2027 kl. 10–15"] }, values: { tidsplan: "regel" } });
    const region = withPreview.querySelector('[aria-live="polite"]');
    expect(text(withPreview.querySelector("section h3"))).toBe("Sådan bliver det vist");
    expect(region!.querySelectorAll("p, h4, li").map(text)).toEqual(["Hver søndag kl. 10–15", "De næste datoer", "Søndag 9. maj 2027 kl. 10–15"]);
  });

  it("starts a shop on its opening hours", () => {
    expect(render({ marketType: "thrift_store" }).querySelector('input[name="tidsplan"][checked]')?.getAttribute("value")).toBe("aabningstider");
    expect(render({ marketType: "flea_market" }).querySelector('input[name="tidsplan"][checked]')).toBeNull();
  });
});

describe("ScheduleFields with a stored schedule", () => {
  const cases: [string, ScheduleSpec[]][] = [
    ["one date", [{ kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "16:00" }]],
    [
      "several dates",
      [
        { kind: "dates", startDate: "2027-06-12", startTime: "10:00", endTime: "16:00" },
        { kind: "dates", startDate: "2027-08-14", startTime: "09:00", endTime: "13:00" },
      ],
    ],
    [
      "days in a row",
      [
        { kind: "dates", startDate: "2027-05-29", startTime: "10:00", endTime: "18:00" },
        { kind: "dates", startDate: "2027-05-30", startTime: "10:00", endTime: "16:00" },
      ],
    ],
    [
      "a rule",
      [
        {
          kind: "rule",
          startDate: "2027-05-01",
          endDate: "2027-09-26",
          rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU;BYMONTH=5,6,7,8,9",
          startTime: "10:00",
          endTime: "15:00",
          cancelled: [{ date: "2027-05-15", note: "Byfest" }],
        },
      ],
    ],
    ["a monthly rule", [{ kind: "rule", startDate: "2027-01-01", rrule: "FREQ=MONTHLY;BYDAY=1SA,-1SA;BYMONTH=10,11,12,1,2,3", startTime: "09:00", endTime: "14:00" }]],
    ["a shop", [{ kind: "opening_hours", startDate: "2027-01-01", openingHours: { tue: [["10:00", "17:30"]], fri: [["12:00", "24:00"]] } }]],
  ];

  it.each(cases)("%s: the fields show it, and sending them stores the same schedule", (_name, stored) => {
    const page = render({ values: choicesFromSchedules(stored) });
    const submission = parseWithZod(sent(page), { schema: scheduleChoicesSchema });
    expect(submission.status === "success" ? schedulesFromChoices(readScheduleChoices(submission.value)) : submission.error).toEqual(stored.map(canonicalSchedule));
  });
});

describe("ScheduleFields with messages", () => {
  const values: ScheduleFormValues = { tidsplan: "regel", regel: { gentagelse: "uge", ugedage: "sat", fra: "", aabner: "10:00", lukker: "09:00" } };
  const errors = {
    "regel.fra": ["Vælg den første dag."],
    "regel.lukker": ["Lukketiden skal ligge efter åbningstiden."],
    "datoer[0].dato": ["Skriv mindst én dato."],
  };
  const page = render({ values, errors });

  it("puts each message at its field, read out with it, and keeps what was typed", () => {
    const last = page.querySelector('[id="regel.lukker"]')!;
    expect(last.getAttribute("aria-invalid")).toBe("true");
    expect(last.getAttribute("value")).toBe("09:00");
    expect(last.getAttribute("aria-describedby")).toBe("regel.lukker-fejl");
    expect(text(page.querySelector('[id="regel.lukker-fejl"]'))).toBe("Lukketiden skal ligge efter åbningstiden.");
    expect(page.querySelector('[id="regel.fra"]')!.getAttribute("aria-describedby")).toBe("regel.fra-hint regel.fra-fejl");
    expect(page.querySelector('input[name="regel.ugedage"][value="sat"]')!.hasAttribute("checked")).toBe(true);
    expect(page.querySelector('input[name="tidsplan"][value="regel"]')!.hasAttribute("checked")).toBe(true);
  });

  it("gives the focus to the first wrong field on the page, only", () => {
    const focused = page.querySelectorAll("[autofocus]");
    expect(focused.map((element) => element.id)).toEqual(["datoer[0].dato"]);
    expect(render({ values, errors, focusFirstError: false }).querySelectorAll("[autofocus]")).toHaveLength(0);
  });

  it("marks a group's message on the group", () => {
    const grouped = render({ values, errors: { "regel.ugedage": ["Vælg mindst én ugedag."] } });
    const group = grouped.querySelectorAll("fieldset").find((fieldset) => fieldset.getAttribute("aria-describedby") === "regel.ugedage-fejl");
    expect(text(group?.querySelector("legend"))).toBe("Hvilke ugedage?");
    expect(text(grouped.querySelector('[id="regel.ugedage-fejl"]'))).toBe("Vælg mindst én ugedag.");
  });
});
