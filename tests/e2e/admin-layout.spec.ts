// Every back-office screen at phone, tablet and laptop widths (the sidebar open at 768px and
// wider): the page never scrolls sideways, every control of the main area (a table's first row
// of actions above all) is inside the window, and nothing is cut off by a box that clips.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test, waitForSettled } from "./fixtures";

// Each check names the screen, width and figure that failed; a trace of the loop only slows it.
test.use({ trace: "off" });

const WIDTHS = [360, 768, 1024, 1100, 1279, 1280];

/** An enquiry whose sender wrote a long name and an e-mail address without a place to break. */
const LONG_NAME = "Bartholomew-Featherstonehaugh-Cholmondeley-Marjoribanks";
const LONG_EMAIL = "procurement.department.unbroken.address@constructionsuppliesnewzealandlimited.co.nz";

const ADMIN_SCREENS = [
  "/admin",
  "/admin/users",
  "/admin/home",
  "/admin/home-management?tab=hero",
  "/admin/home-management?tab=categories",
  "/admin/home-management?tab=catalog",
  "/admin/home-management?tab=reviews",
  "/admin/catalog",
  "/admin/case-studies",
  "/admin/certifications",
  "/admin/contact",
  "/admin/contact-management?tab=queries",
  "/admin/contact-management?tab=subjects",
  "ENQUIRY",
  "/admin/settings?tab=brands",
  "/admin/settings?tab=categories",
  "/admin/settings?tab=hero",
  "/admin/settings?tab=enquiries",
  "/admin/audit",
  "/admin/quotes",
  "/admin/settings?tab=quotes",
  "/admin/settings?tab=search",
];
const SALES_SCREENS = ["/admin", "/admin/catalog"];

/** Sends the long-named enquiry from the public contact form once, and returns its page. */
async function sendLongEnquiry(page: Page) {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Full Name").fill(LONG_NAME);
  await form.getByLabel("Email").fill(LONG_EMAIL);
  await form.getByLabel("Subject").selectOption("Quote Request");
  await form.getByLabel("Message").fill("Please quote 40 lengths of 90x45 H3.2 framing for a deck.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks for contacting us!")).toBeVisible();
}

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;
const sessions: { admin?: Session; sales?: Session } = {};
let enquiryPath = "";

// Signed in once per role (a session lasts its lifetime however often it is used), and the
// long-named enquiry sent and looked up once.
test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const baseURL = testInfo.project.use.baseURL;
  for (const role of ["admin", "sales"] as const) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    if (role === "admin") await sendLongEnquiry(page);
    await startSession(page, role);
    if (role === "admin") {
      await page.goto(`/admin/contact-management?q=${encodeURIComponent(LONG_EMAIL)}`);
      const link = page.getByRole("link", { name: new RegExp(`^TC-\\d{4}-\\d{6} from ${LONG_NAME}$`) });
      enquiryPath = (await link.first().getAttribute("href")) ?? "";
      expect(enquiryPath).toMatch(/^\/admin\/contact-management\/[0-9a-f-]+$/);
    }
    sessions[role] = await context.storageState();
    await context.close();
  }
});

async function signedIn(browser: Browser, role: "admin" | "sales", width: number, baseURL?: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: 800 },
    storageState: sessions[role],
  });
  return { context, page: await context.newPage() };
}

type LayoutProblems = { pageWidth: string | null; outside: string[]; clipped: string[]; rowActions: number };

/** What is wrong with the layout of the screen on show (empty lists when nothing is). */
function readLayout(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    // Screen-reader-only text is clipped to nothing on purpose.
    const isSrOnly = (el: Element) => {
      const style = getComputedStyle(el);
      return style.position === "absolute" && el.getBoundingClientRect().width <= 1;
    };
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && !el.closest("[aria-hidden=true]") && !isSrOnly(el);
    };
    const main = document.getElementById("admin-main");
    if (!main) return { pageWidth: "no #admin-main", outside: [], clipped: [], rowActions: 0 };
    const width = window.innerWidth;
    const pageWidth =
      document.documentElement.scrollWidth > width
        ? `page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`
        : null;
    const controls = [...main.querySelectorAll("a[href], button, input, select, textarea")].filter(shown);
    const outside = controls
      .filter((el) => {
        const rect = el.getBoundingClientRect();
        return rect.left < -1 || rect.right > width + 1;
      })
      .map(describe);
    const clipped = [...main.querySelectorAll("*")]
      .filter((el) => {
        if (!shown(el) || el.matches("input, select, textarea")) return false;
        const style = getComputedStyle(el);
        if (style.overflowX === "visible") return false;
        // An ellipsis or a line clamp shortens text on purpose and says so.
        if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") return false;
        return el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${describe(el)} shows ${el.clientWidth} of ${el.scrollWidth}px`);
    // The first row of every list: its actions must be there to press.
    const firstRows = [...main.querySelectorAll("[data-slot=data-table] tbody tr:first-child")];
    const rowActions = firstRows.flatMap((row) =>
      [...row.querySelectorAll("button, a[href]")].filter(shown),
    ).length;
    return { pageWidth, outside, clipped, rowActions };
  });
}

/** Waits until the page has laid itself out for a new window width (the sidebar switches by JS). */
async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await waitForSettled(page);
}

/** Each screen is opened once, then checked at every width by resizing the window. */
async function checkScreens(page: Page, paths: string[]) {
  for (const path of paths) {
    const url = path === "ENQUIRY" ? enquiryPath : path;
    await page.setViewportSize({ width: WIDTHS[0] as number, height: 800 });
    // The layout is settled once the document and its stylesheet are: pictures have fixed boxes.
    await page.goto(url, { waitUntil: "domcontentloaded" });
    await expect(page.locator("#admin-main h1")).toBeVisible();
    for (const width of WIDTHS) {
      await resizeTo(page, width);
      const { rowActions, ...problems } = await readLayout(page);
      expect(problems, `layout of ${url} at ${width}px`).toEqual({
        pageWidth: null,
        outside: [],
        clipped: [],
      });
      // A list with an actions column (the audit log is read-only and has none).
      const firstRow = page.locator("[data-slot=data-table] tbody tr:first-child");
      const actionsColumn = page.locator("[data-slot=data-table] thead th", { hasText: /^Actions$/ });
      if (
        (await actionsColumn.count()) > 0 &&
        (await firstRow.count()) > 0 &&
        !(await firstRow.first().getByRole("status").count())
      ) {
        expect(rowActions, `row actions of ${url} at ${width}px`).toBeGreaterThan(0);
      }
    }
  }
}

// A few screens per journey, so no journey comes near its timeout on a busy machine.
const GROUPS: ["admin" | "sales", string[]][] = [
  ["admin", ADMIN_SCREENS.slice(0, 5)],
  ["admin", ADMIN_SCREENS.slice(5, 10)],
  ["admin", ADMIN_SCREENS.slice(10, 14)],
  ["admin", ADMIN_SCREENS.slice(14)],
  ["sales", SALES_SCREENS],
];

for (const [role, screens] of GROUPS) {
  test(`${role} screens fit every width from ${WIDTHS[0]}px to ${WIDTHS.at(-1)}px: ${screens.join(", ")}`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await signedIn(browser, role, WIDTHS[0] as number, baseURL);
    await checkScreens(page, screens);
    await context.close();
  });
}

test("a long unbroken e-mail wraps inside its column on the enquiry page; review rows name the reviewer", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await signedIn(browser, "admin", 1024, baseURL);
  await page.goto(enquiryPath);
  const email = page.getByRole("link", { name: LONG_EMAIL });
  await expect(email).toBeVisible();
  const [emailBox, columnBox] = await Promise.all([
    email.boundingBox(),
    page.getByRole("definition").filter({ has: email }).boundingBox(),
  ]);
  expect(emailBox && columnBox).toBeTruthy();
  if (!emailBox || !columnBox) return;
  expect(emailBox.x + emailBox.width).toBeLessThanOrEqual(columnBox.x + columnBox.width + 1);
  expect(emailBox.height).toBeGreaterThan(30); // on more than one line
  await expectNoAxeViolations(page);

  // Every review row has the section heading as its title: the list shows who wrote it instead.
  await page.goto("/admin/home");
  const reviewRows = page.getByRole("row").filter({ hasText: "Reviews" });
  await expect(reviewRows.first()).toBeVisible();
  await expect(reviewRows.filter({ hasText: "What Our Customers Say" })).toHaveCount(0);
  // Mere Tawhiri's review is one of the demo content's.
  const mere = reviewRows.filter({ hasText: "Mere Tawhiri" });
  await expect(mere).toHaveCount(1);
  await expect(mere.getByRole("button", { name: "Edit review by Mere Tawhiri" })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
