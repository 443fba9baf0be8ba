// Accounts: better-auth with the drizzle adapter, e-mail and password, one-time sign-in links for
// customers, database sessions and the admin plugin's roles. Routes call auth.api on the server; the HTTP handler is not mounted.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, magicLink } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import { PASSWORD_MAX, USER_PASSWORD_MIN } from "~/lib/password-rules";
import { getDb } from "../db/db.server";
import * as schema from "../db/schema";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { resolveAuthSecret } from "../security/secret.server";
import {
  CONFIRMATION_LINK_SECONDS,
  emailChangeOf,
  sendConfirmationMail,
  sendEmailChangeMail,
} from "./confirmation-mail.server";
import { passwordHashing } from "./password-hashing.server";
import { SIGN_IN_LINK_SECONDS, sendSignInLinkMail } from "./sign-in-link-mail.server";

/** How long a session lasts from sign-in, however active (SESSION_LIFETIME_HOURS). */
function sessionLifetimeSeconds() {
  return Math.round(getEnv().SESSION_LIFETIME_HOURS * 3600);
}

const SIGN_IN_FAILURE_NOTES = new Set(["User not found", "Password not found", "Invalid password"]);

function createAuth() {
  const env = getEnv();
  const baseURL = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return betterAuth({
    appName: "Trade Counter",
    baseURL,
    secret: resolveAuthSecret(),
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: USER_PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // A new account is usable once its e-mail address is confirmed: sign-up starts no session,
      // and a sign-in with the right password but an unconfirmed address is refused; the sign-in
      // page then offers a new link (requestConfirmationLink, rate limited). Sign-up answers the
      // same for an address already taken.
      requireEmailVerification: true,
      password: passwordHashing,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      async sendVerificationEmail({ user, token }) {
        // A customer moving their account to a new address gets its own words, at the new address.
        if (emailChangeOf(token)) await sendEmailChangeMail(user.email, token);
        else await sendConfirmationMail(user.email, token);
      },
    },
    // A fixed lifetime from sign-in: better-auth never extends it. The idle timeout is the guards'
    // (getSessionUser), which keep the session row's updated_at as its last use.
    session: {
      expiresIn: sessionLifetimeSeconds(),
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    user: {
      // A customer's new address is confirmed there before the account moves to it (the link
      // goes to the new address; the account keeps its confirmed state).
      changeEmail: { enabled: true },
      additionalFields: {
        isActive: { type: "boolean", defaultValue: true, input: false },
        phone: { type: "string", required: false, input: false },
        company: { type: "string", required: false, input: false },
      },
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === "production" && baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log(level, message) {
        // Each failed sign-in is logged by attemptSignIn, with the account and the address.
        const quiet = SIGN_IN_FAILURE_NOTES.has(message);
        logger[quiet ? "debug" : level]({ source: "better-auth" }, message);
      },
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            const [user] = await getDb()
              .select({ isActive: schema.users.isActive })
              .from(schema.users)
              .where(eq(schema.users.id, session.userId));
            if (!user?.isActive) {
              throw new APIError("FORBIDDEN", { message: "This account has been deactivated." });
            }
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      // A customer's one-time sign-in link by e-mail. It never creates an account (sign-up confirms
      // the address first), is stored hashed, works once and for 15 minutes; the limits per address
      // and per e-mail are requestSignInLink's.
      magicLink({
        disableSignUp: true,
        storeToken: "hashed",
        expiresIn: SIGN_IN_LINK_SECONDS,
        async sendMagicLink({ email, token }) {
          await sendSignInLinkMail(email, token);
        },
      }),
    ],
  });
}

type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

/** Forget the instance (tests that swap the database). */
export function resetAuth() {
  instance = undefined;
}
