import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  build: {
    // The server bundle's entry is our Express app, which wraps the React Router handler.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    // PGlite loads its wasm and data files relative to its own package: keep it external.
    external: ["@electric-sql/pglite", "pg", "pino", "pino-http", "sharp"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
