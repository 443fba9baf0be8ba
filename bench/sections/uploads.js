// Uploads: 10 concurrent contact-form submissions, each with a 10 MB PDF (multipart POST /contact,
// as a browser without JavaScript sends it). Total time and the server's peak RSS growth, sampled
// from /proc every 20 ms. Files should stream to storage, never sit whole in memory.
import { fmt, mark, printTable, sampleRss, sleep, withDatabase } from "../support.js";

const CONCURRENT = 10;
const FILE_BYTES = 10_000_000; // 10 MB, under the form's 10 MiB limit

function pdfOf(bytes) {
  const head = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n", "latin1");
  const tail = Buffer.from("\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
  const body = Buffer.alloc(bytes - head.length - tail.length, 0x20);
  return Buffer.concat([head, body, tail]);
}

export async function run(ctx) {
  const { base, pid } = ctx.server;
  const page = await (await fetch(`${base}/contact`)).text();
  const formToken = page.match(/name="formToken" value="([^"]+)"/)?.[1];
  if (!formToken) throw new Error("No form token on /contact");
  const file = new Blob([pdfOf(FILE_BYTES)], { type: "application/pdf" });
  await sleep(1000);
  const sampler = sampleRss(pid, 20);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      const form = new FormData();
      form.set("fullName", `Bench Uploader ${i}`);
      form.set("email", `upload${i}@example.co.nz`);
      form.set("phone", "021 000 0000");
      form.set("subject", "Quote Request");
      form.set("message", "Plans attached for pricing, please quote the framing and cladding.");
      form.set("formToken", formToken);
      form.set("website", "");
      form.set("file", file, `plans-${i}.pdf`);
      const res = await fetch(`${base}/contact`, { method: "POST", body: form, redirect: "manual" });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rss = sampler.stop();
  // Stored with their files? (PostgreSQL only: reading PGlite would mean stopping the server.)
  let storedWithFile = null;
  if (ctx.database.engine === "postgres") {
    const [row] = await withDatabase(ctx, (query) =>
      query(
        "select count(*)::int as n from contact_queries where file_url is not null and email like 'upload%@example.co.nz'",
      ),
    );
    storedWithFile = row.n;
  }
  const byStatus = {};
  for (const s of statuses) byStatus[s] = (byStatus[s] ?? 0) + 1;
  return {
    concurrent: CONCURRENT,
    fileBytes: FILE_BYTES,
    seconds,
    statuses: byStatus,
    storedWithFile,
    rssStartMb: rss.start,
    rssPeakMb: rss.peak,
    rssGrowthMb: rss.peak - rss.start,
    samples: rss.samples,
  };
}

export function print(byEngine, engines) {
  const cell = (e, f) => (byEngine[e]?.error ? "error" : byEngine[e] ? f(byEngine[e]) : "–");
  printTable(
    `Uploads: ${CONCURRENT} concurrent ${FILE_BYTES / 1e6} MB contact submissions (multipart POST /contact)`,
    ["", ...engines],
    [
      ["total time", ...engines.map((e) => cell(e, (r) => `${fmt.n(r.seconds, 2)} s`))],
      [
        "responses",
        ...engines.map((e) =>
          cell(e, (r) =>
            Object.entries(r.statuses)
              .map(([s, n]) => `${n}×${s}`)
              .join(" "),
          ),
        ),
      ],
      [
        "stored with their file",
        ...engines.map((e) =>
          cell(e, (r) => (r.storedWithFile === null ? "not checked" : `${r.storedWithFile}/${r.concurrent}`)),
        ),
      ],
      ["RSS before", ...engines.map((e) => cell(e, (r) => fmt.mb(r.rssStartMb)))],
      ["RSS peak", ...engines.map((e) => cell(e, (r) => fmt.mb(r.rssPeakMb)))],
      [
        "peak growth (target < 64 MB)",
        ...engines.map((e) => cell(e, (r) => `${fmt.mb(r.rssGrowthMb)} ${mark(r.rssGrowthMb < 64)}`)),
      ],
    ],
  );
}
