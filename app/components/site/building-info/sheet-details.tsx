// A building product information sheet as the public reads it, on the product page and on the
// printable sheet: the class in words, who is responsible, and, for a designated product, every
// part the regulations list. A reseller's sheet links to the manufacturer's published
// information; an exempt or not-designated product says what that means in one line.

import type { ReactNode } from "react";
import { TriangleAlert } from "~/components/ui/sprite-icons";
import type { ProductIdentifier, ResponsibleParty } from "~/lib/building-info";
import { formatNzDate } from "~/lib/nz-date";
import { isDesignated } from "~/modules/compliance/completeness";
import type { PublicSheet } from "~/modules/compliance/public.server";
import {
  IDENTIFIER_NAMES,
  PATHWAY_NAMES,
  PRODUCT_CLASS_MEANINGS,
  PRODUCT_CLASS_NAMES,
  RESPONSIBILITY_NAMES,
} from "~/modules/compliance/public-text";
import { absoluteUrl } from "~/modules/seo/meta";
import { usePublicSite } from "../json-ld";

type HeadingLevel = 2 | 3;

function Heading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Tag = level === 2 ? "h2" : "h3";
  return <Tag className="mt-2 font-semibold text-base">{children}</Tag>;
}

/** On paper a link is only its words: its full address is printed after them, " (https://…)". */
export function PrintedAddress({ href }: { href: string }) {
  const { site } = usePublicSite();
  return <span className="hidden break-all print:inline"> ({absoluteUrl(site, href)})</span>;
}

function ExternalLink({
  href,
  children,
  printAddress = children !== href,
}: {
  href: string;
  children: ReactNode;
  /** False where the address is already written beside the link. */
  printAddress?: boolean;
}) {
  return (
    <>
      <a
        href={href}
        rel="noopener noreferrer"
        className="break-words text-primary underline underline-offset-2 print:text-black"
      >
        {children}
      </a>
      {printAddress ? <PrintedAddress href={href} /> : null}
    </>
  );
}

function Text({ value }: { value: string }) {
  return <p className="whitespace-pre-line leading-relaxed">{value}</p>;
}

function Identifiers({ identifiers }: { identifiers: readonly ProductIdentifier[] }) {
  if (identifiers.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {identifiers.map((identifier) => (
        <div key={`${identifier.kind}-${identifier.value}`} className="contents">
          <dt className="text-muted-foreground print:text-black">{IDENTIFIER_NAMES[identifier.kind]}</dt>
          <dd className="break-all font-medium">{identifier.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Party({ party }: { party: ResponsibleParty }) {
  const lines: [string, ReactNode][] = [];
  if (party.tradingNames.length > 0) lines.push(["Trading as", party.tradingNames.join(", ")]);
  if (party.nzbn) lines.push(["NZBN", party.nzbn]);
  if (party.address) lines.push(["Address", party.address]);
  if (party.phone) lines.push(["Phone", party.phone]);
  if (party.email) lines.push(["Email", party.email]);
  if (party.website)
    lines.push([
      "Website",
      <ExternalLink key="website" href={party.website}>
        {party.website}
      </ExternalLink>,
    ]);
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium">{party.legalName}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {lines.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground print:text-black">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A section 26 warning or ban: shown first and boxed, whatever else the sheet holds. */
export function SheetWarning({ warnings }: { warnings: string }) {
  return (
    <div className="flex gap-3 rounded-lg border-2 border-destructive bg-destructive/5 p-4 print:border-black print:bg-white">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive print:text-black" />
      <div className="grid gap-1">
        <p className="font-semibold">Warning or ban under section 26 of the Building Act</p>
        <Text value={warnings} />
      </div>
    </div>
  );
}

function Part({ title, level, children }: { title: string; level: HeadingLevel; children: ReactNode }) {
  return (
    <section className="grid gap-2 break-inside-avoid">
      <Heading level={level}>{title}</Heading>
      {children}
    </section>
  );
}

/** The sheet's parts. `level` is the heading level of its parts (2 on the printable sheet). */
export function SheetDetails({ sheet, level }: { sheet: PublicSheet; level: HeadingLevel }) {
  const warnings = sheet.warnings?.trim();
  const reseller = sheet.responsibility === "reseller";
  const designated = isDesignated(sheet.classification);
  const requirements = [
    ["Design requirements", sheet.designRequirements],
    ["Installation requirements", sheet.installationRequirements],
    ["Maintenance requirements", sheet.maintenanceRequirements],
  ] as const;
  return (
    <div className="grid gap-5">
      {warnings ? <SheetWarning warnings={warnings} /> : null}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground print:text-black">Classification</dt>
        <dd>
          <span className="font-medium">{PRODUCT_CLASS_NAMES[sheet.classification]}</span>
          <span className="block">{PRODUCT_CLASS_MEANINGS[sheet.classification]}</span>
          {sheet.classification === "exempt_other" && sheet.exemptReason ? (
            <span className="block">Reason: {sheet.exemptReason}</span>
          ) : null}
        </dd>
        <dt className="text-muted-foreground print:text-black">Responsible for this information</dt>
        <dd className="font-medium">{RESPONSIBILITY_NAMES[sheet.responsibility]}</dd>
        <dt className="text-muted-foreground print:text-black">Version</dt>
        <dd>
          Version {sheet.version}
          {sheet.reviewedOn ? `, last reviewed on ${formatNzDate(sheet.reviewedOn)}` : ""}
        </dd>
      </dl>
      {reseller && sheet.sourceUrl ? (
        <p className="text-sm">
          The manufacturer publishes this product's building product information:{" "}
          <ExternalLink href={sheet.sourceUrl} printAddress={false}>
            read the manufacturer's published information
          </ExternalLink>{" "}
          <span className="break-all text-muted-foreground print:text-black">({sheet.sourceUrl})</span>
        </p>
      ) : null}
      {sheet.description || sheet.intendedUse ? (
        <Part title="Description and intended use" level={level}>
          {sheet.description ? <Text value={sheet.description} /> : null}
          {sheet.intendedUse ? <Text value={sheet.intendedUse} /> : null}
        </Part>
      ) : null}
      {sheet.identifiers.length > 0 ? (
        <Part title="Product identifiers" level={level}>
          <Identifiers identifiers={sheet.identifiers} />
        </Part>
      ) : null}
      {!reseller && sheet.responsibleParty?.legalName ? (
        <Part title="New Zealand responsible party" level={level}>
          <Party party={sheet.responsibleParty} />
        </Part>
      ) : null}
      {!reseller && sheet.manufacturer?.name ? (
        <Part title="Overseas manufacturer" level={level}>
          <p className="text-sm">
            <span className="font-medium">{sheet.manufacturer.name}</span>
            {[sheet.manufacturer.address, sheet.manufacturer.country].filter(Boolean).map((part) => (
              <span key={part} className="block">
                {part}
              </span>
            ))}
            {sheet.manufacturer.website ? (
              <ExternalLink href={sheet.manufacturer.website}>{sheet.manufacturer.website}</ExternalLink>
            ) : null}
          </p>
        </Part>
      ) : null}
      {designated && sheet.codeClauses.length > 0 ? (
        <Part title="Building Code clauses" level={level}>
          <ul className="grid gap-3 text-sm">
            {sheet.codeClauses.map((clause) => (
              <li key={clause.clause} className="break-inside-avoid rounded-md border p-3 print:border-black">
                <p className="font-semibold">{`Clause ${clause.clause}`}</p>
                <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
                  <dt className="text-muted-foreground print:text-black">How it contributes</dt>
                  <dd>{clause.contribution}</dd>
                  <dt className="text-muted-foreground print:text-black">Limitations</dt>
                  <dd>{clause.limitations}</dd>
                  <dt className="text-muted-foreground print:text-black">Compliance pathway</dt>
                  <dd>{PATHWAY_NAMES[clause.pathway]}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </Part>
      ) : null}
      {sheet.scopeOfUse ? (
        <Part title="Scope of use" level={level}>
          <Text value={sheet.scopeOfUse} />
        </Part>
      ) : null}
      {sheet.requirementsDocumentUrl || requirements.some(([, text]) => text) ? (
        <Part title="Design, installation and maintenance" level={level}>
          {requirements.map(([label, text]) =>
            text ? (
              <div key={label} className="grid gap-1 text-sm">
                <p className="font-medium">{label}</p>
                <Text value={text} />
              </div>
            ) : null,
          )}
          {sheet.requirementsDocumentUrl ? (
            <p className="text-sm">
              <ExternalLink href={sheet.requirementsDocumentUrl}>
                Design, installation and maintenance requirements (document)
              </ExternalLink>
            </p>
          ) : null}
        </Part>
      ) : null}
      {sheet.evidence.length > 0 ? (
        <Part title="Supporting evidence" level={level}>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {sheet.evidence.map((document) => (
              <li key={document.url}>
                <ExternalLink href={document.url}>{document.title}</ExternalLink>
              </li>
            ))}
          </ul>
        </Part>
      ) : null}
    </div>
  );
}
