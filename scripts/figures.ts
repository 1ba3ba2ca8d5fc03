import path from "node:path";

/** Figures as the operators' commands print them, the Danish way: "2.213", "4,2 s", "1,8 MB". */

const whole = new Intl.NumberFormat("da-DK");
const oneDecimal = new Intl.NumberFormat("da-DK", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function count(n: number): string {
  return whole.format(n);
}

export function seconds(ms: number): string {
  return `${oneDecimal.format(ms / 1000)} s`;
}

export function size(bytes: number): string {
  if (bytes < 1000) return `${whole.format(bytes)} B`;
  if (bytes < 1_000_000) return `${oneDecimal.format(bytes / 1000)} kB`;
  if (bytes < 1_000_000_000) return `${oneDecimal.format(bytes / 1_000_000)} MB`;
  return `${oneDecimal.format(bytes / 1_000_000_000)} GB`;
}

/** A file as the command shows it: relative to the folder it was run in when it lies inside it. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}
