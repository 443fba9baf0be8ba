// Values the Express layer hands to React Router for each request.
import { createContext } from "react-router";

/** The per-response CSP nonce that every inline script carries. */
export const cspNonceContext = createContext<string>("");

/** The client's address as Express sees it (X-Forwarded-For only with TRUST_PROXY). */
export const clientIpContext = createContext<string>("unknown");

/** When the request arrived: the one moment its judgement and its record go by. */
export const receivedAtContext = createContext<Date | null>(null);
