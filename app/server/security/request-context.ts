// Values the Express layer hands to React Router for each request.
import { createContext } from "react-router";

/** The per-response CSP nonce that every inline script carries. */
export const cspNonceContext = createContext<string>("");
