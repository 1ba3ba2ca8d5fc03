import { site } from "~/lib/site-context.server";
import { deflateSync } from "node:zlib";
import { data } from "react-router";

/**
 * A plain 256×256 map tile served by the app itself, so the browser tests can point MAP_TILE_URL
 * here and run the map with no network: light grey land, nothing else.
 */
function greyTile(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(typed));
    return Buffer.concat([length, typed, check]);
  };
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((size + 1) * size, 0xe7);
  for (let row = 0; row < size; row++) rows[row * (size + 1)] = 0; // filter byte
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

let tile: Buffer | null = null;

export function loader() {
  if (!site().config.enableTestRoutes) throw data(null, { status: 404 });
  tile ??= greyTile();
  return new Response(new Uint8Array(tile), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" } });
}
