import type * as React from "react";
import { Link, type LinkProps } from "react-router";
import { type ButtonProps, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import {
  ChevronLeft as ChevronLeftIcon,
  ChevronRight as ChevronRightIcon,
  Ellipsis as MoreHorizontalIcon,
} from "./sprite-icons";

function Pagination({
  className,
  "aria-label": ariaLabel = "Pagination",
  ...props
}: React.ComponentProps<"nav">) {
  return (
    <nav
      aria-label={ariaLabel}
      data-slot="pagination"
      className={cn("mx-auto flex w-full justify-center", className)}
      {...props}
    />
  );
}

function PaginationContent({ className, ...props }: React.ComponentProps<"ul">) {
  return (
    <ul
      data-slot="pagination-content"
      className={cn("flex flex-row items-center gap-1", className)}
      {...props}
    />
  );
}

function PaginationItem(props: React.ComponentProps<"li">) {
  return <li data-slot="pagination-item" {...props} />;
}

type PaginationLinkProps = Omit<React.ComponentProps<"a">, "href"> &
  Pick<ButtonProps, "size"> &
  Pick<LinkProps, "prefetch" | "preventScrollReset" | "replace" | "viewTransition"> & {
    /** A react-router destination (e.g. `?page=3`): rendered as a `Link`. */
    to?: LinkProps["to"];
    /** A plain URL: rendered as an `<a>`. */
    href?: string;
    isActive?: boolean;
    /** No destination (first/last page): rendered as a disabled link that cannot be followed. */
    disabled?: boolean;
  };

function PaginationLink({
  className,
  isActive,
  disabled,
  size = "icon",
  to,
  href,
  prefetch,
  preventScrollReset,
  replace,
  viewTransition,
  ...props
}: PaginationLinkProps) {
  const classes = cn(
    buttonVariants({ variant: isActive ? "outline" : "ghost", size }),
    isActive && "border-primary font-semibold",
    disabled && "pointer-events-none text-muted-foreground",
    className,
  );
  const common = {
    "data-slot": "pagination-link",
    "data-active": isActive,
    "aria-current": isActive ? ("page" as const) : undefined,
    className: classes,
  };

  if (disabled) {
    // No href: not followable, and skipped by the Tab key; the role keeps it announced as a link.
    return <a role="link" aria-disabled="true" {...common} {...props} />;
  }
  if (to !== undefined) {
    return (
      <Link
        to={to}
        prefetch={prefetch}
        preventScrollReset={preventScrollReset}
        replace={replace}
        viewTransition={viewTransition}
        {...common}
        {...props}
      />
    );
  }
  return <a href={href} {...common} {...props} />;
}

function PaginationPrevious({ className, ...props }: PaginationLinkProps) {
  return (
    <PaginationLink
      aria-label="Go to previous page"
      size="default"
      className={cn("gap-1 px-2.5 sm:pl-2.5", className)}
      {...props}
    >
      <ChevronLeftIcon />
      <span className="hidden sm:block">Previous</span>
    </PaginationLink>
  );
}

function PaginationNext({ className, ...props }: PaginationLinkProps) {
  return (
    <PaginationLink
      aria-label="Go to next page"
      size="default"
      className={cn("gap-1 px-2.5 sm:pr-2.5", className)}
      {...props}
    >
      <span className="hidden sm:block">Next</span>
      <ChevronRightIcon />
    </PaginationLink>
  );
}

function PaginationEllipsis({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      aria-hidden="true"
      data-slot="pagination-ellipsis"
      className={cn("flex size-9 items-center justify-center", className)}
      {...props}
    >
      <MoreHorizontalIcon className="size-4" />
      <span className="sr-only">More pages</span>
    </span>
  );
}

export {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
};
