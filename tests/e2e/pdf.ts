// What a person reads in a PDF the browser saved or a mail carried (pdf-parse, not the code that
// wrote it), with its white space run together; and a browser context with scripts off.
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { test } from "@playwright/test";
import { PDFParse } from "pdf-parse";

/** The text of a PDF given as bytes or as the path of a saved file, white space as single spaces. */
export async function pdfText(pdf: Uint8Array | string) {
  const data = typeof pdf === "string" ? fs.readFileSync(pdf) : pdf;
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

/** Runs `run` in a page of a new browser context with JavaScript off, on the project's base URL. */
export async function withoutJavaScript(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}
