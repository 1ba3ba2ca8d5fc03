/** What a market picture may be when it comes in, and the widths it is stored in. */

/** A phone photo is well under this; the post's body limit leaves room for the multipart wrapping. */
export const MARKET_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
/** 40 megapixels: more than phones take, far less than a picture made to fill the server's memory. */
export const MARKET_IMAGE_MAX_PIXELS = 40_000_000;
/** The widths its WebP files are made in; a picture is never made wider than it is. */
export const MARKET_IMAGE_WIDTHS = [400, 800, 1600] as const;
