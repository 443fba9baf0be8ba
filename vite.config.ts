import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: { "~": path.resolve(import.meta.dirname, "app") },
  },
  environments: {
    // The server bundle's entry is our Express app, which wraps the React Router handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
