import type { Cookie, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, startSession, test } from "./fixtures";

// Each check below names the page, width and figure that failed; a trace of some 150 page loads
// would only slow the loop down.
test.use({ trace: "off" });

const WIDTHS = [360, 768, 1024, 1100, 1279, 1280];
const PHONE = "0800 872 332";

let detailPages: Promise<string[]> | undefined;
let staffCookies: Cookie[] | undefined;

/** Every public page, with a product and a case study read (once) from their lists. */
async function publicPages(page: Page, visitor: "anonymous" | "staff") {
  const firstLink = async (list: string, prefix: string) => {
    const html = await (await page.request.get(list)).text();
    const href = new RegExp(`href="(${prefix}[a-z0-9-]+)"`).exec(html)?.[1];
    if (!href) throw new Error(`${list} links to no page under ${prefix}`);
    return href;
  };
  detailPages ??= Promise.all([firstLink("/catalog", "/catalog/"), firstLink("/case-study", "/case-study/")]);
  const [product, caseStudy] = await detailPages;
  return [
    "/",
    "/catalog",
    "/catalog?category=Timber",
    product!,
    "/case-study",
    caseStudy!,
    "/certifications",
    "/contact",
    "/terms-conditions",
    "/privacy",
    // Staff who open /auth are sent on to the back office, which has its own layout.
    ...(visitor === "anonymous" ? ["/auth"] : []),
    "/no-such-page",
  ];
}

/** What the header looks like, measured in the page once its stylesheet applies: every figure a check below needs. */
async function measureHeader() {
  await Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => !link.sheet)
      .map((link) => new Promise((resolve) => link.addEventListener("load", resolve))),
  );
  const header = document.querySelector<HTMLElement>('[data-testid="site-header"]');
  if (!header) throw new Error("no site header");
  const box = header.getBoundingClientRect();
  // Shown, and not inside the closed menu.
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true });
  };
  // The lines an element's text takes: its text boxes grouped by height on the page.
  const lines = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const middles = [...range.getClientRects()]
      .filter((r) => r.width > 0)
      .map((r) => r.top + r.height / 2)
      .sort((a, b) => a - b);
    return middles.filter((middle, i) => i === 0 || middle - middles[i - 1]! > 4).length;
  };
  const row = header.querySelector(":scope > div")!;
  // The controls on the header's line: its direct items, and those of the group on the right.
  const controls = [...row.children]
    .flatMap((child) => (child.matches("nav, a") ? [child] : [...child.children]))
    .filter(visible);
  const outside = controls
    .concat([...header.querySelectorAll('[aria-label^="Quote list"] > span')].filter(visible))
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < 0 || r.right > window.innerWidth || r.top < box.top || r.bottom > box.bottom;
    })
    .map((el) => el.outerHTML.slice(0, 80));
  const sorted = controls.map((el) => el.getBoundingClientRect()).sort((a, b) => a.left - b.left);
  const overlaps = sorted.filter((r, i) => i > 0 && r.left < sorted[i - 1]!.right - 0.5).length;
  const mainNav = header.querySelector('nav[aria-label="Main"]')!;
  const phone = header.querySelector('[data-testid="header-phone"]')!;
  const phoneText = [...phone.querySelectorAll("span")].find((s) => visible(s) && !s.matches(".sr-only"));
  return {
    horizontalScroll: document.documentElement.scrollWidth > window.innerWidth,
    headerHeight: Math.round(box.height),
    outside,
    overlaps,
    mainNavShown: visible(mainNav),
    menuShown: visible(header.querySelector("summary")!),
    navLabels: [...mainNav.querySelectorAll("a")].filter(visible).map((a) => ({
      label: a.textContent,
      lines: lines(a),
    })),
    logoLines: lines(
      [...header.querySelectorAll("span")].find((span) => span.textContent === "Trade Counter")!,
    ),
    phone: phoneText ? { text: phoneText.textContent, lines: lines(phoneText) } : null,
    signOutShown: [...row.querySelectorAll("button")].some((b) => b.textContent === "Sign Out" && visible(b)),
  };
}

/** Waits until the page has laid itself out for a new window width. */
async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

// Each page is opened once and measured at every width by resizing the window; the pages are
// split in two journeys per visitor, so none comes near its timeout on a busy machine.
for (const visitor of ["anonymous", "staff"] as const) {
  for (const half of [0, 1] as const) {
    test(`the header fits on one line on every public page at every width (${visitor}, part ${half + 1})`, async ({
      page,
    }) => {
      // Staff sign in once; the later journeys reuse the session.
      if (visitor === "staff" && staffCookies) await page.context().addCookies(staffCookies);
      else if (visitor === "staff") {
        await startSession(page, "admin");
        staffCookies = await page.context().cookies();
      }
      const labels = ["Home", "Catalogs", "Case Studies", "Certifications", "Contact"].concat(
        visitor === "staff" ? ["Dashboard"] : [],
      );
      const pages = await publicPages(page, visitor);
      const middle = Math.ceil(pages.length / 2);
      for (const path of half === 0 ? pages.slice(0, middle) : pages.slice(middle)) {
        await page.setViewportSize({ width: WIDTHS[0] as number, height: 800 });
        await page.goto(path, { waitUntil: "domcontentloaded" });
        for (const width of WIDTHS) {
          await resizeTo(page, width);
          // The whole navigation shows once it fits: from 1024px, and from 1280px for staff, who
          // have Dashboard and Sign Out as well; below that it collapses to the menu.
          const wide = width >= (visitor === "staff" ? 1280 : 1024);
          const header = await page.evaluate(measureHeader);
          const where = `${path} at ${width}px`;
          expect(header.horizontalScroll, `${where}: the page scrolls sideways`).toBe(false);
          expect(header.outside, `${where}: cut off`).toEqual([]);
          expect(header.overlaps, `${where}: header items overlap`).toBe(0);
          expect(header.headerHeight, `${where}: header height`).toBe(65);
          expect(header.logoLines, `${where}: logo`).toBe(1);
          expect(header.mainNavShown, `${where}: main navigation`).toBe(wide);
          expect(header.menuShown, `${where}: menu toggle`).toBe(!wide);
          expect(header.navLabels, `${where}: navigation labels`).toEqual(
            wide ? labels.map((label) => ({ label, lines: 1 })) : [],
          );
          expect(header.signOutShown, `${where}: Sign Out`).toBe(wide && visitor === "staff");
          // The freephone number shows as text wherever the header has room: from 640px.
          expect(header.phone, `${where}: phone number`).toEqual(
            width >= 640 ? { text: PHONE, lines: 1 } : null,
          );
        }
      }
    });
  }
}

function menu(page: Page) {
  return page.getByTestId("mobile-menu");
}

test("without JavaScript the phone menu opens, shows every link and navigates; the hero has no arrows or dots", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /slide/ })).toHaveCount(0);

  const nav = page.getByRole("navigation", { name: "Mobile" });
  await expect(nav).toBeHidden();
  await menu(page).locator("summary").click();
  for (const label of ["Home", "Catalogs", "Case Studies", "Certifications", "Contact"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link")).toHaveCount(5);
  for (const name of ["Facebook", "Instagram"]) {
    const social = menu(page).getByRole("link", { name: `Trade Counter on ${name} (opens in a new tab)` });
    await expect(social).toBeVisible();
    await expect(social).toHaveAttribute("target", "_blank");
  }
  await expect(menu(page).getByRole("link", { name: PHONE })).toHaveAttribute("href", "tel:0800872332");

  await nav.getByRole("link", { name: "Certifications" }).click();
  await expect(page).toHaveURL("/certifications");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  await context.close();
});

test("on a phone the menu opens, has the social links, and closes when a link is chosen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByTestId("hero")).toHaveAttribute("data-carousel", "ready");
  await expect(page.getByRole("button", { name: "Next slide" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  const nav = page.getByRole("navigation", { name: "Mobile" });
  await menu(page).locator("summary").click();
  await expect(nav).toBeVisible();
  for (const name of ["Facebook", "Instagram"]) {
    await expect(
      menu(page).getByRole("link", { name: `Trade Counter on ${name} (opens in a new tab)` }),
    ).toBeVisible();
  }
  await nav.getByRole("link", { name: "Case Studies" }).click();
  await expect(page).toHaveURL("/case-study");
  await expect(nav).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  await menu(page).locator("summary").click();
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
});

test("the open phone menu has no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/contact");
  await menu(page).locator("summary").click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoAxeViolations(page);
});
