import { z } from "zod";

/**
 * Query strings read by zod schemas, in loaders only: zod stays out of the pages' browser
 * JavaScript (the ".server" name makes the build refuse any browser import of this module).
 *
 * Anyone can type a query, so a schema built here never fails: every parameter carries its own
 * fallback (`.catch`), and an unreadable value costs only that one parameter, never the others.
 */

/**
 * A schema for a URLSearchParams: the shape names the parameters it reads. A parameter in `lists`
 * is read with getAll (every value, in order), any other with get (the first value); parameters
 * the shape does not name are never looked at.
 */
export function searchParamsSchema<Shape extends Record<string, z.ZodType>>(shape: Shape, lists: readonly (keyof Shape & string)[] = []) {
  const names = Object.keys(shape);
  return z.preprocess(
    (params) =>
      params instanceof URLSearchParams ? Object.fromEntries(names.map((name) => [name, lists.includes(name) ? params.getAll(name) : (params.get(name) ?? undefined)])) : params,
    z.object(shape),
  );
}

/**
 * A parameter that may be left out: undefined when it is absent or empty (blank, with `trim`),
 * what `schema` makes of it when it reads, and null when it is there but unreadable, so the page
 * can say so at its field and go on with the rest.
 */
export function optionalParam<T extends z.ZodType>(schema: T, { trim = false }: { trim?: boolean } = {}) {
  return z
    .preprocess((value) => {
      if (typeof value !== "string") return undefined;
      const text = trim ? value.trim() : value;
      return text === "" ? undefined : text;
    }, schema.optional())
    .nullable()
    .catch(null);
}

/** An on/off parameter: on only for exactly `on` ("aaben=nu", "gratis=1"); anything else is off. */
export function switchParam(on: string) {
  return z
    .literal(on)
    .transform(() => true)
    .catch(false);
}
