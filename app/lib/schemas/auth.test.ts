import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { authFormSchema } from "./auth";

/** Parses fields as a posted /auth form would carry them. */
function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: authFormSchema });
}

const errorsOf = (fields: Record<string, string>) => {
  const submission = parse(fields);
  return submission.status === "error" ? submission.error : null;
};

describe("the /auth forms' shared schema (docs/product/accounts-and-security.md)", () => {
  it("requires email and password to sign in, the email well-formed", () => {
    expect(errorsOf({ intent: "sign-in" })).toEqual({
      email: ["Please enter your email address"],
      password: ["Please enter your password"],
    });
    expect(errorsOf({ intent: "sign-in", email: "not-an-email", password: "x" })).toEqual({
      email: ["Please enter a valid email address"],
    });
  });

  it("requires full name, email, date of birth and a password of at least 6 characters to sign up", () => {
    expect(errorsOf({ intent: "sign-up" })).toEqual({
      fullName: ["Please enter your full name"],
      email: ["Please enter your email address"],
      dateOfBirth: ["Please enter your date of birth"],
      password: ["Please choose a password"],
    });
    expect(
      errorsOf({
        intent: "sign-up",
        fullName: "  ",
        email: "a@b.co",
        dateOfBirth: "1990-02-30",
        password: "12345",
      }),
    ).toEqual({
      fullName: ["Please enter your full name"],
      dateOfBirth: ["Please enter a valid date of birth"],
      password: ["Password must be at least 6 characters"],
    });
  });

  it("trims the name and email but keeps the password as typed", () => {
    const submission = parse({
      intent: "sign-up",
      fullName: " Ada ",
      email: " ada@example.com ",
      dateOfBirth: "1990-05-17",
      password: " secret phrase ",
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "sign-up",
      fullName: "Ada",
      email: "ada@example.com",
      dateOfBirth: "1990-05-17",
      password: " secret phrase ",
    });
  });

  it("takes a 6-digit code or a backup code, restoring a backup code's dash", () => {
    const code = (value: string) => {
      const submission = parse({ intent: "verify-totp", code: value });
      if (submission.status !== "success") return submission.error;
      return submission.value.intent === "verify-totp" ? submission.value.code : null;
    };
    expect(code("123 456")).toBe("123456");
    expect(code("abCde-12f45")).toBe("abCde-12f45");
    expect(code("abCde12f45")).toBe("abCde-12f45");
    const invalid = {
      code: ["Enter the 6-digit code from your authenticator app, or a backup code"],
    };
    expect(code("12345")).toEqual(invalid);
    expect(code("")).toEqual(invalid);
  });

  it("refuses an unknown intent", () => {
    expect(parse({ intent: "delete-everything", email: "a@b.co" }).status).toBe("error");
  });
});
