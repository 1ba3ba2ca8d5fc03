/**
 * The tables in an order in which each comes after every table it refers to, so that rows copied
 * in that order never point at a row not yet there. Among tables that may come next, the name
 * decides, so the order is the same every time. A table's reference to itself is left out (none of
 * the site's tables has one; its rows would need ordering among themselves). A cycle is an error.
 */
export function orderByReferences(tables: readonly string[], references: readonly { table: string; refersTo: string }[]): string[] {
  const waitingFor = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { table, refersTo } of references) {
    if (table !== refersTo && waitingFor.has(table) && waitingFor.has(refersTo)) waitingFor.get(table)!.add(refersTo);
  }
  const ordered: string[] = [];
  while (waitingFor.size > 0) {
    const ready = [...waitingFor].filter(([, needs]) => needs.size === 0).map(([table]) => table);
    if (ready.length === 0) throw new Error(`Tabellerne henviser til hinanden i ring og kan ikke kopieres i rækkefølge: ${[...waitingFor.keys()].join(", ")}`);
    const next = ready.sort()[0]!;
    ordered.push(next);
    waitingFor.delete(next);
    for (const needs of waitingFor.values()) needs.delete(next);
  }
  return ordered;
}
