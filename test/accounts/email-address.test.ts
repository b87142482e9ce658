// The address an account is known by: one account per address as a person reads it. Invisible,
// control and direction characters are refused, and compatibility forms are folded, so no second
// account can look like the first.
import { expect, test } from "bun:test";
import { normaliseEmail } from "../../src/accounts/service.ts";

test("case, spaces around and compatibility forms fold to the same address", () => {
  for (const raw of ["a@example.com", " A@Example.COM ", "\uff41@example.com", "a@\uff45xample.com"]) expect(normaliseEmail(raw)).toBe("a@example.com");
});

test("invisible, control and direction characters are refused anywhere in the address", () => {
  for (const hidden of ["\u202e", "\u200b", "\u200d", "\u0000", "\u00ad", "\ufeff", "\u2066", "\u{e0041}"]) {
    for (const raw of [`${hidden}a@example.com`, `a@example.com${hidden}`, `a${hidden}@example.com`]) expect(normaliseEmail(raw), JSON.stringify(raw)).toBeNull();
  }
});

test("an ordinary address with letters of another script is kept", () => {
  expect(normaliseEmail("José@Correo.es")).toBe("josé@correo.es");
});
