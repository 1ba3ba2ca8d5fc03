import { request } from "node:http";
import type { FormFields, Site } from "./site";
import { SiteResponse } from "./site";

/**
 * A form post to the site from a chosen address on the loopback network (127.0.0.x), as a browser
 * without JavaScript sends it: for the limits the site keeps per client address, so that each test
 * crosses a count of its own. (Site.request always comes from 127.0.0.1.)
 */
export function postFrom(site: Site, path: string, fields: FormFields, from: string, cookies?: string): Promise<SiteResponse> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  const body = form.toString();
  const { hostname, port, origin } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        localAddress: from,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Accept: "text/html",
          Origin: origin,
          Connection: "close",
          ...(cookies ? { Cookie: cookies } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
          }
          resolve(new SiteResponse(path, response.statusCode ?? 0, headers, Buffer.concat(chunks)));
        });
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}
