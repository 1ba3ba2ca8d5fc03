import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { clientAddressOf, knownClientAddress, requestContext } from "./request-context.server";

test("the client's address from the load context, when the server put it there", () => {
  expect(knownClientAddress(requestContext("::ffff:10.0.0.7"))).toBe("::ffff:10.0.0.7");
  expect(knownClientAddress(requestContext(""))).toBeNull();
  expect(knownClientAddress(requestContext(undefined))).toBeNull();
  expect(knownClientAddress(new RouterContextProvider())).toBeNull();
  expect(clientAddressOf(requestContext(undefined))).toBe("unknown");
});
