import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { SchedulePreview, SchedulePreviewAnswer } from "../schedule-preview";

/** How long typing must pause before the preview is asked for. */
const DEBOUNCE_MS = 450;

export type PreviewState = "idle" | "loading" | "incomplete" | "unavailable";

/** The fields inside `root` as the form would send them (checked boxes only, nothing disabled). */
export function fieldsIn(root: HTMLElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>("input[name], select[name], textarea[name]")) {
    if (element.disabled) continue;
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio") && !element.checked) continue;
    if (element instanceof HTMLInputElement && (element.type === "file" || element.type === "submit" || element.type === "button")) continue;
    fields.append(element.name, element.value);
  }
  return fields;
}

/**
 * The preview of the schedule being typed, asked of the server (which has the date libraries) a
 * moment after the person stops typing. Only the latest question counts; the last good preview
 * stays while a new one is on its way or cannot be had.
 */
export function useSchedulePreview(root: RefObject<HTMLElement | null>, initial: SchedulePreview | null, url: string) {
  const [preview, setPreview] = useState<SchedulePreview | null>(initial);
  const [state, setState] = useState<PreviewState>("idle");
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);
  const lastAsked = useRef<string | null>(null);

  useEffect(() => setPreview(initial), [initial]);

  const ask = useCallback(async () => {
    if (!root.current) return;
    const body = fieldsIn(root.current).toString();
    if (body === lastAsked.current) return;
    lastAsked.current = body;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState("loading");
    try {
      const response = await fetch(url, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        signal: controller.signal,
        redirect: "error",
      });
      if (response.status === 429) {
        // The last preview stays; the next change asks again.
        lastAsked.current = null;
        setState("idle");
        return;
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = (await response.json()) as SchedulePreviewAnswer;
      if (controller.signal.aborted) return;
      if (answer.status === "ready") {
        setPreview(answer.preview);
        setState("idle");
      } else {
        setProblem(answer.status === "incomplete" ? answer.problem : null);
        setState("incomplete");
      }
    } catch {
      if (controller.signal.aborted) return;
      lastAsked.current = null;
      setState("unavailable");
    }
  }, [root, url]);

  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void ask(), DEBOUNCE_MS);
  }, [ask]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      running.current?.abort();
    },
    [],
  );

  return { preview, state, problem, schedule };
}
